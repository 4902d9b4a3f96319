//! Where a report comes from: the program that wrote it (version, commit, build profile), the machine
//! (CPU, host, OS), the threads and the time it took. The callers fill it in (the command line, the
//! browser, Python): the engine only carries it. It is no part of the counts: two reports of the same
//! samples are the same apart from it.

use serde::{Deserialize, Serialize};

/// The program, machine and time of a report (or of one shard of a merged report).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    /// `shogi-reach` (the command line), `shogi-reach-wasm` (the page) or `shogi-reach-python`.
    pub program: String,
    /// The package's version.
    pub version: String,
    /// The git commit it was built from, with `+dirty` when the tree had changes; `unknown` without git.
    pub commit: String,
    /// The build profile: `debug`, `release`, `ci`, … (`wasm` in the browser).
    pub profile: String,
    /// The CPU model, or `unknown`.
    pub cpu: String,
    /// The host's name, or `unknown`.
    pub host: String,
    /// The operating system (`linux`, `macos`, `windows`, `browser`).
    pub os: String,
    /// The worker threads of the run.
    pub threads: u64,
    /// CPU time of the process (all its threads), in seconds; `None` where it cannot be read (the
    /// browser).
    pub cpu_seconds: Option<f64>,
    /// Wall-clock time, in seconds.
    pub wall_seconds: f64,
}

/// One file of a merged report: its name, its sample ranges and its provenance (if it had one).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardSource {
    /// The file's name as given to the merge.
    pub file: String,
    /// Its sample ranges.
    pub ranges: Vec<[u64; 2]>,
    /// Its provenance; `None` for a file without one (an older version's).
    pub provenance: Option<Provenance>,
}
