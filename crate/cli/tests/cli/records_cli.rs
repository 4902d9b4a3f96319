//! `prove` and `proof-game` with `--record FILE --ply N`: the position after N moves of a game record.

use crate::common::{fails, ok};

const RECORDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/tests/data/records");

/// A file in the temporary folder holding `text`.
fn temp_record(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("shogi-reach-records-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn prove_the_position_after_a_ply_of_a_shift_jis_kif() {
    let file = format!("{RECORDS}/selfplay-1.kif");
    // The first 8 moves of self-play game 1 (../selfplay/shogi.tsv, ply 8).
    let sfen = "lnsgk1snl/r5gb1/pppppppp1/8p/9/5P3/PPPPP1PPP/1B2R2SL/LNSGKG1N1 b - 1";
    let out = ok(&["prove", "--record", &file, "--ply", "8", "--max-nodes", "1000"]);
    assert!(out.starts_with(&format!("position: {sfen}\n")), "{out}");
    let expected = std::fs::read_to_string(format!("{RECORDS}/expected.tsv")).unwrap();
    let last =
        expected.lines().find(|l| l.starts_with("selfplay-1.kif\t")).unwrap().split('\t').nth(3).unwrap();
    let last = last.rsplit_once(' ').unwrap().0;
    let out = ok(&["prove", "--json", "--record", &file, "--max-nodes", "1"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(json.to_string().contains(last), "the last position by default: {out}");
}

#[test]
fn proof_game_of_a_mini_shogi_record_takes_the_records_game() {
    let file = temp_record("mini.ki2", "手合割：５五将棋\n▲１二飛 △同金\n");
    let out = ok(&["proof-game", "--record", &file, "--ply", "1"]);
    assert_eq!(out, "position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1b\n");
    let err = fails(&["proof-game", "--game", "shogi", "--record", &file]);
    assert!(err.contains("is a minishogi game, but --game says shogi"), "{err}");
}

#[test]
fn record_errors_name_the_file_and_line() {
    let file = temp_record("bad.ki2", "手合割：平手\n▲７六歩\n▲３四歩\n");
    let err = fails(&["prove", "--record", &file]);
    assert!(err.contains(&format!("record {file}: line 3: move 2")), "{err}");
    let good = format!("{RECORDS}/selfplay-1.csa");
    let err = fails(&["prove", "--record", &good, "--ply", "81"]);
    assert!(err.contains("ply 81: the record has 80 moves"), "{err}");
    assert!(fails(&["prove", "--record", "/nonexistent/record.kif"]).contains("cannot read record"));
    assert!(fails(&["prove", "--ply", "3", "startpos"]).contains("--record"));
    assert!(fails(&["prove", "--record", &good, "startpos"]).contains("cannot be used with"));
}
