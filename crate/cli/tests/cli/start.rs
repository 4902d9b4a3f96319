//! `--start`: `prove`, `proof-game` and `explain` from a handicap start; a record's own start when none is
//! named; an unknown start refused by name.

use crate::common::{fails, ok, TempDir};

const KAKU: &str = "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
/// Two moves into a 角落ち game (Gote, 上手, moves first).
const KAKU_GAME: &str = "lnsgkgsnl/1r7/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3";

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).unwrap()
}

#[test]
fn a_handicap_position_is_proved_from_its_start_and_named_by_its_material_from_others() {
    let text = ok(&["prove", "--start", "角落ち", KAKU_GAME]);
    assert!(text.starts_with("start: 角落ち\nposition: "), "{text}");
    assert!(text.contains("verdict: reachable"), "{text}");
    let even = json(&["prove", "--json", KAKU_GAME]);
    assert_eq!(
        (&even["stage"], &even["start"], &even["causes"][0]["kind"]),
        (&"count".into(), &"平手".into(), &"missing".into())
    );
    // The pieces are a 角落ち game's: the cause names the handicap to ask from.
    assert_eq!(even["causes"][0]["handicaps"], serde_json::json!(["角落ち"]));
    assert!(even["causes"][0]["text"]
        .as_str()
        .unwrap()
        .ends_with("These are the pieces of a 角落ち game: prove it from that handicap's start."));
    let cause = &json(&["prove", "--json", "--start", "飛車落ち", KAKU])["causes"][0];
    assert_eq!(cause["kind"], "start-material");
    assert_eq!(cause["text"], "This position has 1 rook more and 1 bishop fewer than a game from the 飛車落ち start, which never gains or loses a piece.");
    let explained = json(&["explain", "--json", "--start", "飛車落ち", KAKU]);
    assert_eq!(explained["causes"][0], *cause);
    assert_eq!(json(&["explain", "--json", "--start", "角落ち", KAKU])["verdict"], "reachable");
}

#[test]
fn a_proof_game_starts_at_the_handicap_and_its_record_names_it() {
    let game = json(&["proof-game", "--format", "json", "--start", "角落ち", KAKU_GAME]);
    assert_eq!((&game["start"], &game["start_name"]), (&KAKU.into(), &"角落ち".into()));
    let usi = ok(&["proof-game", "--start", "角落ち", KAKU_GAME]);
    assert!(usi.starts_with(&format!("position sfen {KAKU} moves ")), "{usi}");
    assert_eq!(ok(&["proof-game", "--start", "角落ち", KAKU]).trim(), format!("position sfen {KAKU}"));
    // The record read back: its start is the handicap's, and its last position the one asked for.
    let dir = TempDir::new("start");
    let kif = dir.file("game.kifu");
    ok(&["proof-game", "--start", "角落ち", "--output", &kif, KAKU_GAME]);
    let written = std::fs::read_to_string(&kif).unwrap();
    assert!(written.contains("手合割：角落ち\n下手：\n上手：\n"), "{written}");
    // With --record and no --start, the record's start is the start.
    let proof = json(&["prove", "--json", "--record", &kif]);
    assert_eq!((&proof["verdict"], &proof["start"]), (&"reachable".into(), &"角落ち".into()));
    assert_eq!(json(&["prove", "--json", "--record", &kif, "--ply", "0"])["sfen"], KAKU);
}

#[test]
fn an_unknown_start_or_a_start_of_another_game_is_refused_by_name() {
    let err = fails(&["prove", "--start", "七面鳥落ち", KAKU_GAME]);
    assert!(err.contains("--start: no start of shogi is called \"七面鳥落ち\""), "{err}");
    let err = fails(&["prove", "--game", "minishogi", "--start", "角落ち", "startpos"]);
    assert!(err.contains("no start of minishogi"), "{err}");
    let moved = "lnsgkgsnl/1r7/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1";
    assert!(fails(&["proof-game", "--start", moved, KAKU_GAME]).contains("no start of shogi"));
}
