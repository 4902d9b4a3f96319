//! `proof-game --output FILE`: the game written in the format and encoding the file's extension names
//! (`.kif` Shift_JIS, `.kifu` UTF-8, …), read back by the engine's reader as the game printed in USI.

use crate::common::output as cli;
use shogi_reach_engine::records::read;
use shogi_reach_engine::Shogi;
use std::path::PathBuf;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shogi-reach-export-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// After 7g7f 3c3d 8h2b+ 3a2b: the bishop exchange.
const EXCHANGE: &str = "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1";

#[test]
fn each_extension_gets_its_format_and_encoding() {
    let dir = folder("formats");
    let usi_out = cli(&["proof-game", EXCHANGE]);
    assert!(usi_out.status.success());
    let usi = String::from_utf8(usi_out.stdout).unwrap();
    let moves: Vec<&str> = usi.split_whitespace().skip(3).collect();
    assert_eq!(moves.len(), 4, "{usi}");
    for (ext, utf8) in
        [("kif", false), ("kifu", true), ("ki2", false), ("ki2u", true), ("usi", true), ("csa", true)]
    {
        let path = dir.join(format!("game.{ext}"));
        let out = cli(&["proof-game", "--output", path.to_str().unwrap(), EXCHANGE]);
        assert!(out.status.success(), "{ext}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8(out.stdout).unwrap(), usi, "standard output is unchanged");
        let bytes = std::fs::read(&path).unwrap();
        assert_eq!(std::str::from_utf8(&bytes).is_ok(), utf8, "{ext}");
        let record = read(&bytes).unwrap().into_game::<Shogi>().unwrap();
        let read_moves: Vec<String> = record.moves.iter().map(|m| m.to_usi::<Shogi>()).collect();
        assert_eq!(read_moves, moves, "{ext}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_extension_without_a_format_is_refused_before_the_search() {
    let dir = folder("refused");
    let path = dir.join("game.txt");
    let out = cli(&["proof-game", "--output", path.to_str().unwrap(), EXCHANGE]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("the file's extension names no format"), "{err}");
    assert!(!path.exists());
    let csa = dir.join("mini.csa");
    let out = cli(&[
        "proof-game",
        "--game",
        "minishogi",
        "--output",
        csa.to_str().unwrap(),
        "rbsgk/4p/5/P4/KGSBR b - 1",
    ]);
    assert!(String::from_utf8(out.stderr).unwrap().contains("CSA records no minishogi game"));
    let _ = std::fs::remove_dir_all(&dir);
}
