//! The files the command line writes (`proof-game --output`, checkpoints): checked before any long work
//! (a name, a folder that exists and takes files, no file already there unless `--force`, never an
//! input), written to `NAME.PID.partial` beside the target and renamed into place, so a failure never
//! leaves half a file; partial files of killed runs are removed.

use crate::run::Result;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The file a save writes before it is renamed over `path`: beside it (a rename stays within one file
/// system), named after the whole file name and this process, so two runs never share one.
pub fn partial_path(path: &Path) -> std::result::Result<PathBuf, String> {
    let mut name = file_name(path)?.to_os_string();
    name.push(format!(".{}.partial", std::process::id()));
    Ok(path.with_file_name(name))
}

/// The name of the file `path` names: none for `dir/`, `dir/.` or `..`, which name folders.
fn file_name(path: &Path) -> std::result::Result<&std::ffi::OsStr, String> {
    let text = path.as_os_str().to_string_lossy();
    let folder = text.ends_with('/') || text.ends_with("/.");
    path.file_name().filter(|_| !folder).ok_or_else(|| format!("{} is not a file name", path.display()))
}

/// The folder `path` is in (`.` for a bare name).
fn folder(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Why `path` cannot be written, if it cannot: no file name, a folder that is missing or not a folder,
/// or a folder where it already is. Whether the folder takes files is learnt by writing the partial file.
pub fn check_folder(path: &Path) -> std::result::Result<(), String> {
    file_name(path)?;
    let dir = folder(path);
    match std::fs::metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Err(format!("the folder {} does not exist", dir.display()))
        }
        Err(e) => Err(format!("the folder {}: {e}", dir.display())),
        Ok(m) if !m.is_dir() => Err(format!("{} is not a folder", dir.display())),
        Ok(_) if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) => {
            Err(format!("{} is a folder", path.display()))
        }
        Ok(_) => Ok(()),
    }
}

/// Whether something (a file, a folder, a symbolic link, even a broken one) has the name `path`.
pub fn exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Whether `a` and `b` are one file (symbolic links followed; hard links too, by device and inode).
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (std::fs::metadata(a), std::fs::metadata(b)) else { return false };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (ma.dev(), ma.ino()) == (mb.dev(), mb.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (ma, mb);
        matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
    }
}

/// Writes `bytes` to `partial`, flushed to the disk; the partial file is removed if that fails.
pub fn write_partial(partial: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let written = std::fs::File::create(partial).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    if written.is_err() {
        let _ = std::fs::remove_file(partial);
    }
    written
}

/// Removes the partial files of `path` (`NAME.PID.partial`) left by runs that were killed before they
/// could: those whose process is gone, and one named after this process (an earlier one of the same
/// number). Only where `/proc` tells which processes run (Linux); a file of a live run is never touched.
pub fn remove_stale_partials(path: &Path) {
    let (Ok(name), Ok(entries)) = (file_name(path), std::fs::read_dir(folder(path))) else { return };
    if !Path::new("/proc/self").exists() {
        return;
    }
    let prefix = format!("{}.", name.to_string_lossy());
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(pid) = file.to_str().and_then(|f| f.strip_prefix(&prefix)?.strip_suffix(".partial")) else {
            continue;
        };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        let gone = !Path::new(&format!("/proc/{pid}")).exists();
        if gone || pid == std::process::id() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// A file a command writes its result to, checked when the command starts.
pub struct OutputFile {
    path: PathBuf,
    partial: PathBuf,
    force: bool,
    inputs: Vec<PathBuf>,
}

impl OutputFile {
    /// Checks that `path` can take the result: a name in a folder that exists and takes files, no file
    /// there already unless `force`, and never one of `inputs`, even with `force`. Errors name `option`.
    pub fn new(option: &str, path: PathBuf, force: bool, inputs: Vec<PathBuf>) -> Result<OutputFile> {
        let shown = path.display().to_string();
        let named = |reason: String| format!("{option} {shown}: {reason}");
        check_folder(&path).map_err(named)?;
        let partial = partial_path(&path).map_err(named)?;
        let file = OutputFile { path, partial, force, inputs };
        file.check_target().map_err(named)?;
        remove_stale_partials(&file.path);
        write_partial(&file.partial, b"")
            .and_then(|()| std::fs::remove_file(&file.partial))
            .map_err(|e| named(format!("cannot write in its folder: {e}")))?;
        Ok(file)
    }

    /// Where the result goes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Refuses an input, and an existing file without `force`.
    fn check_target(&self) -> std::result::Result<(), String> {
        if let Some(input) = self.inputs.iter().find(|i| same_file(&self.path, i)) {
            return Err(format!(
                "it is the file read ({}), never replaced, even with --force",
                input.display()
            ));
        }
        if !self.force && exists(&self.path) {
            return Err("the file exists; give --force to replace it".into());
        }
        Ok(())
    }

    /// Writes `bytes` to the partial file and renames it into place (without `force`, only if the name is
    /// still free: a file that appeared meanwhile is kept).
    pub fn write(&self, bytes: &[u8]) -> std::result::Result<(), String> {
        let named = |reason: String| format!("{}: {reason}", self.path.display());
        self.check_target().map_err(named)?;
        write_partial(&self.partial, bytes).map_err(|e| named(e.to_string()))?;
        self.place()
    }

    /// The partial file, created empty, for a result written in pieces; [`OutputFile::place`] then puts
    /// it at the name.
    pub fn create_partial(&self) -> std::result::Result<std::fs::File, String> {
        std::fs::File::create(&self.partial).map_err(|e| format!("{}: {e}", self.path.display()))
    }

    /// Puts the partial file, written and synced, at the name (without `force`, only if the name is still
    /// free).
    pub fn place(&self) -> std::result::Result<(), String> {
        let named = |reason: String| format!("{}: {reason}", self.path.display());
        let placed = if self.force { std::fs::rename(&self.partial, &self.path) } else { self.link() };
        let _ = std::fs::remove_file(&self.partial);
        placed.map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => named("the file exists; give --force to replace it".into()),
            _ => named(e.to_string()),
        })
    }

    /// Puts the partial file at the name only if it is free: a hard link fails on an existing name. A file
    /// system without hard links gets a rename after one more look.
    fn link(&self) -> std::io::Result<()> {
        match std::fs::hard_link(&self.partial, &self.path) {
            Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists && !exists(&self.path) => {
                std::fs::rename(&self.partial, &self.path)
            }
            linked => linked,
        }
    }
}
