//! Loading the oracle (labelled positions from the reference implementations, `tests/data/oracle`).
#![allow(dead_code)] // each test binary that includes it uses its own part

use std::collections::HashMap;
use std::path::PathBuf;

/// The oracle files of the repository (`crate/engine/tests/data/oracle`, see its README), from any crate.
pub fn oracle_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/data/oracle")
}

/// One TSV row, fields by column name.
pub struct Row {
    pub line: usize,
    fields: HashMap<String, String>,
}

impl Row {
    pub fn get(&self, col: &str) -> &str {
        self.fields.get(col).map(String::as_str).unwrap_or_else(|| panic!("no column {col}"))
    }

    pub fn opt(&self, col: &str) -> Option<&str> {
        self.fields.get(col).map(String::as_str).filter(|s| !s.is_empty())
    }
}

/// All rows of the oracle file `<name>`; panics (failing the test) when the file is missing.
pub fn oracle(name: &str) -> Vec<Row> {
    let path = oracle_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read oracle file {}: {e}", path.display()));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let rows: Vec<Row> = lines
        .enumerate()
        .filter(|(_, l)| !l.is_empty())
        .map(|(i, l)| Row {
            line: i + 2,
            fields: header.iter().map(|h| h.to_string()).zip(l.split('\t').map(str::to_string)).collect(),
        })
        .collect();
    assert!(!rows.is_empty(), "{name} has no rows");
    rows
}
