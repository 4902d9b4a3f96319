//! The provenance of the reports this program writes: the program, its commit and build profile, the
//! machine (CPU model, host, OS), the threads and the CPU and wall time, measured from a [`Meter`].

use shogi_reach_engine::estimate::Provenance;
use std::time::Instant;

/// Measures a piece of work: started when made, read by [`Meter::provenance`]. The time of an earlier
/// process (a resumed checkpoint's) can be added.
pub struct Meter {
    wall: Instant,
    cpu: Option<f64>,
    earlier: Option<(Option<f64>, f64)>,
    /// The CPU model and host name, read once: a run's checkpoints ask for its provenance every chunk.
    machine: (String, String),
}

impl Meter {
    pub fn start() -> Meter {
        Meter { wall: Instant::now(), cpu: cpu_seconds(), earlier: None, machine: (cpu_model(), host_name()) }
    }

    /// Counts the CPU and wall time of `earlier` (a checkpoint's provenance) too.
    pub fn after(mut self, earlier: Option<&Provenance>) -> Meter {
        self.earlier = earlier.map(|p| (p.cpu_seconds, p.wall_seconds));
        self
    }

    /// The provenance of the work so far, done on `threads` threads.
    pub fn provenance(&self, threads: usize) -> Provenance {
        let cpu = match (cpu_seconds(), self.cpu) {
            (Some(now), Some(then)) => Some(now - then),
            _ => None,
        };
        let wall = self.wall.elapsed().as_secs_f64();
        let (cpu, wall) = match self.earlier {
            Some((earlier_cpu, earlier_wall)) => {
                (cpu.zip(earlier_cpu).map(|(a, b)| a + b), wall + earlier_wall)
            }
            None => (cpu, wall),
        };
        Provenance {
            program: env!("CARGO_PKG_NAME").into(),
            version: env!("CARGO_PKG_VERSION").into(),
            commit: env!("SHOGI_REACH_COMMIT").into(),
            profile: env!("SHOGI_REACH_PROFILE").into(),
            cpu: self.machine.0.clone(),
            host: self.machine.1.clone(),
            os: std::env::consts::OS.into(),
            threads: threads as u64,
            cpu_seconds: cpu.map(|s| (s * 1000.0).round() / 1000.0),
            wall_seconds: (wall * 1000.0).round() / 1000.0,
        }
    }
}

/// `made by shogi-reach 0.1.0 (commit …, release) on HOST (CPU, linux), 2 threads, 1.2 s CPU, 0.9 s wall`.
pub fn line(p: &Provenance) -> String {
    let cpu_time = p.cpu_seconds.map_or("unknown".into(), |s| format!("{s:.1} s"));
    format!(
        "made by {} {} (commit {}, {}) on {} ({}, {}), {} threads, {cpu_time} CPU, {:.1} s wall",
        p.program, p.version, p.commit, p.profile, p.host, p.cpu, p.os, p.threads, p.wall_seconds
    )
}

/// The first `model name` of /proc/cpuinfo (Linux), else `unknown`.
fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info.lines().find_map(|l| {
        let (key, value) = l.split_once(':')?;
        (key.trim() == "model name").then(|| value.trim().to_string())
    });
    model.filter(|m| !m.is_empty()).unwrap_or_else(|| "unknown".into())
}

#[cfg(unix)]
fn host_name() -> String {
    let mut buf = [0u8; 256];
    // SAFETY: the buffer is writable for its length; gethostname writes at most that many bytes.
    let ok = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) } == 0;
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    let name = String::from_utf8_lossy(&buf[..end]).into_owned();
    if ok && !name.is_empty() {
        name
    } else {
        "unknown".into()
    }
}

#[cfg(not(unix))]
fn host_name() -> String {
    std::env::var("COMPUTERNAME").unwrap_or_else(|_| "unknown".into())
}

/// The CPU time of this process (every thread, user and system), in seconds.
#[cfg(unix)]
fn cpu_seconds() -> Option<f64> {
    // SAFETY: getrusage fills the struct it is given; a zeroed rusage is a valid value to start from.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return None;
    }
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Some(seconds(usage.ru_utime) + seconds(usage.ru_stime))
}

#[cfg(not(unix))]
fn cpu_seconds() -> Option<f64> {
    None
}
