//! What a record keeps beside its main line: the header's fields, each move's comment, the variations
//! (`変化：N手`, nested), the parts skipped; and the named errors of malformed variations. The fixtures in
//! `tests/data/annotated/` are real-shaped KIF (Shift_JIS and UTF-8), KI2 and CSA files of one game;
//! `tests/records-python.test.mjs` compares their headers, comments and moves with cshogi and python-shogi.

use shogi_reach_engine::records::error::{RecordErrorKind, MAX_RECORD_PLIES};
use shogi_reach_engine::records::{read, read_text, Record, Skipped};
use shogi_reach_engine::{Position, Shogi};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/annotated");

fn file(name: &str) -> Record<Shogi> {
    let bytes = std::fs::read(format!("{DATA}/{name}")).unwrap();
    read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}")).into_game::<Shogi>().unwrap()
}

fn usi(moves: &[shogi_reach_engine::Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_usi::<Shogi>()).collect()
}

fn field<'r>(record: &'r Record<Shogi>, name: &str) -> Option<&'r str> {
    record.header.iter().find(|f| f.name == Some(name)).map(|f| f.value.as_str())
}

const MAIN: [&str; 5] = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];

#[test]
fn kif_in_shift_jis_and_utf8_keep_the_same_header_comments_and_variations() {
    let sjis = std::fs::read(format!("{DATA}/annotated.kif")).unwrap();
    assert!(std::str::from_utf8(&sjis).is_err(), "the .kif file is Shift_JIS");
    assert_eq!(file("annotated.kif"), file("annotated.kifu"));
}

#[test]
fn kif_header_fields_are_named_and_kept_in_order() {
    let r = file("annotated.kifu");
    let keys: Vec<&str> = r.header.iter().map(|f| f.key.as_str()).collect();
    assert_eq!(keys, ["開始日時", "終了日時", "棋戦", "場所", "持ち時間", "手合割", "先手", "後手", "作者"]);
    let named = ["date", "end-date", "event", "site", "time-control", "handicap", "sente", "gote"];
    let values =
        ["2024/04/05 10:00:00", "2024/04/05 18:30:00", "テスト棋戦", "東京・将棋会館", "各6時間", "平手"];
    for (name, value) in named.iter().zip(values.iter().chain(&["先手太郎", "後手花子"])) {
        assert_eq!(field(&r, name), Some(*value), "{name}");
    }
    assert_eq!(r.header.last().unwrap().name, None, "作者 is kept, unnamed");
}

#[test]
fn kif_comments_sit_after_their_moves() {
    let r = file("annotated.kifu");
    assert_eq!(usi(&r.moves), MAIN);
    assert_eq!(r.comments.len(), r.moves.len() + 1);
    assert_eq!(r.comments, ["対局開始前の一言", "角道を開ける", "", "", "銀で取る\n二行目", ""]);
}

#[test]
fn kif_variations_nest_and_start_where_they_branch() {
    let r = file("annotated.kifu");
    let shape: Vec<(Option<usize>, usize, Vec<String>)> =
        r.variations.iter().map(|v| (v.parent, v.ply, usi(&v.moves))).collect();
    let line = |moves: &[&str]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    assert_eq!(
        shape,
        [
            (None, 4, line(&["8b2b", "B*5e", "2b5b"])),
            (Some(0), 5, line(&["B*6e", "2b7b"])),
            (None, 3, line(&["6g6f", "8c8d"])),
        ]
    );
    assert_eq!(r.variations[0].comments, ["", "飛車で取る", "", ""]);
    assert_eq!(r.variations[2].comments, ["角交換をしない", "", ""]);
    // Each starts from the position before the move it replaces, in its parent line.
    let starts = r.variation_starts();
    assert_eq!(starts[0].unwrap().0, r.position_after(3).unwrap());
    let after_var_move_4 =
        shogi_reach_engine::rules::play(&r.position_after(3).unwrap(), r.variations[0].moves[0]);
    assert_eq!(starts[1].unwrap().0, after_var_move_4);
    assert_eq!(starts[2].unwrap().0, r.position_after(2).unwrap());
    assert_eq!(r.skipped, [Skipped::Times, Skipped::End, Skipped::Bookmarks, Skipped::FileComments]);
}

#[test]
fn json_gives_comments_variations_and_same_square_after_the_branch_point() {
    let json = serde_json::to_value(file("annotated.kifu").to_json()).unwrap();
    assert_eq!(json["comment"], "対局開始前の一言");
    assert_eq!(json["moves"][0]["comment"], "角道を開ける");
    assert!(json["moves"][1].get("comment").is_none(), "no comment, no field");
    assert_eq!(json["header"][6], serde_json::json!({"key": "先手", "name": "sente", "value": "先手太郎"}));
    assert_eq!(json["skipped"], serde_json::json!(["times", "end", "bookmarks", "file-comments"]));
    let variation = &json["variations"][0];
    assert_eq!((variation["parent"].clone(), variation["ply"].clone()), (serde_json::Value::Null, 4.into()));
    // Its first move takes on the square of the main line's move 3: 同.
    assert_eq!(variation["moves"][0]["japanese"], "☖同　飛");
    assert_eq!(variation["moves"][0]["comment"], "飛車で取る");
    assert_eq!(json["variations"][1]["parent"], 0);
    let r = file("annotated.kifu");
    let (before, _) = r.variation_starts()[1].unwrap();
    let after = r.variations[1].moves.iter().fold(before, |pos, &m| shogi_reach_engine::rules::play(&pos, m));
    assert_eq!(json["variations"][1]["moves"][1]["sfen"], after.to_sfen());
    // Fields in the order of their names, as a JSON map keeps them.
    let text = serde_json::to_string(&file("annotated.kifu").to_json()).unwrap();
    let keys =
        ["\"comment\"", "\"format\"", "\"header\"", "\"moves\"", "\"plies\"", "\"skipped\"", "\"start\""];
    let at: Vec<usize> = keys.iter().map(|k| text.find(k).unwrap()).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
}

#[test]
fn ki2_keeps_header_comments_and_a_variation_in_either_encoding() {
    let r = file("annotated.ki2");
    assert_eq!(r, file("annotated-sjis.ki2"));
    assert_eq!(usi(&r.moves), MAIN);
    assert_eq!((field(&r, "sente"), field(&r, "event")), (Some("先手太郎"), Some("テスト棋戦")));
    assert_eq!(r.comments, ["対局開始前の一言", "", "角道が開いた", "", "銀で取る", ""]);
    assert_eq!(r.variations.len(), 1);
    assert_eq!(
        (r.variations[0].ply, usi(&r.variations[0].moves)),
        (4, vec!["8b2b".into(), "B*5e".into(), "2b5b".into()])
    );
    assert_eq!(r.skipped, [Skipped::End]);
}

#[test]
fn csa_keeps_players_dollar_fields_and_comments() {
    let r = file("annotated.csa");
    assert_eq!(usi(&r.moves), MAIN);
    let fields: Vec<(&str, Option<&str>, &str)> =
        r.header.iter().map(|f| (f.key.as_str(), f.name, f.value.as_str())).collect();
    assert_eq!(
        fields,
        [
            ("N+", Some("sente"), "先手太郎"),
            ("N-", Some("gote"), "後手花子"),
            ("$EVENT", Some("event"), "テスト棋戦"),
            ("$SITE", Some("site"), "東京・将棋会館"),
            ("$START_TIME", Some("date"), "2024/04/05 10:00:00"),
            ("$TIME_LIMIT", Some("time-control"), "06:00+00"),
        ]
    );
    assert_eq!(r.comments, ["対局開始前の一言", "角道を開ける", "", "", "銀で取る\n二行目", ""]);
    assert_eq!(r.skipped, [Skipped::Times, Skipped::End]);
    assert!(r.variations.is_empty());
}

#[test]
fn records_with_nothing_beside_their_moves_skip_nothing() {
    for text in [
        "position startpos moves 7g7f 3c3d",
        "▲７六歩 △３四歩",
        "   1 ７六歩(77)\n   2 ３四歩(33)\n",
        "+7776FU\n-3334FU\n",
    ] {
        let r = read_text(text).unwrap().into_game::<Shogi>().unwrap();
        assert_eq!((r.plies(), r.skipped.as_slice(), r.header.len()), (2, &[][..], 0), "{text}");
        assert!(r.variations.is_empty() && r.comments.iter().all(String::is_empty));
    }
    let unknown = read_text("手合割：平手\nこれは何でもない\n▲７六歩\n").unwrap();
    assert_eq!(unknown.into_game::<Shogi>().unwrap().skipped, [Skipped::UnknownLines]);
    let two_games = read_text("+7776FU\n%TORYO\n/\n+2726FU\n").unwrap();
    assert_eq!(two_games.into_game::<Shogi>().unwrap().skipped, [Skipped::End, Skipped::LaterGames]);
}

fn error(text: &str) -> (Option<usize>, RecordErrorKind) {
    let e = read_text(text).unwrap_err();
    (e.line, e.kind)
}

const KIF: &str = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n";

#[test]
fn error_a_variation_line_without_a_move_number() {
    let text = format!("{KIF}変化：三手\n   3 ６六歩(67)\n");
    assert_eq!(error(&text), (Some(5), RecordErrorKind::BadBranch("変化：三手".into())));
    assert_eq!(error(&format!("{KIF}変化：0手\n")).1, RecordErrorKind::BadBranch("変化：0手".into()));
}

#[test]
fn error_a_variation_at_a_move_no_line_has() {
    let text = format!("{KIF}変化：4手\n   4 ８四歩(83)\n");
    assert_eq!(error(&text), (Some(5), RecordErrorKind::BranchWithoutMove { ply: 4 }));
    // Nor before any move.
    assert_eq!(
        error("手合割：平手\n変化：1手\n   1 ７六歩(77)\n").1,
        RecordErrorKind::BranchWithoutMove { ply: 1 }
    );
}

#[test]
fn error_a_variation_without_moves() {
    let text = format!("{KIF}変化：2手\n変化：3手\n   3 ６六歩(67)\n");
    assert_eq!(error(&text), (Some(5), RecordErrorKind::EmptyBranch { ply: 2 }));
    assert_eq!(error(&format!("{KIF}変化：2手\n")), (Some(5), RecordErrorKind::EmptyBranch { ply: 2 }));
}

#[test]
fn error_a_move_numbered_out_of_turn() {
    let text = format!("{KIF}変化：2手\n   3 ８四歩(83)\n");
    assert_eq!(error(&text), (Some(6), RecordErrorKind::MoveNumber { expected: 2, found: 3 }));
    let skipped = "   1 ７六歩(77)\n   3 ３四歩(33)\n";
    assert_eq!(error(skipped), (Some(2), RecordErrorKind::MoveNumber { expected: 2, found: 3 }));
}

#[test]
fn error_an_illegal_move_in_a_variation_names_its_number() {
    let text = format!("{KIF}変化：2手\n   2 ７六歩(77)\n");
    let (line, kind) = error(&text);
    assert_eq!(line, Some(6));
    assert!(matches!(kind, RecordErrorKind::IllegalMove { ply: 2, .. }), "{kind:?}");
}

#[test]
fn a_game_from_a_diagram_may_number_its_moves_from_the_diagram_on() {
    // Kifu programs number the moves of a game from a position `手数＝30` from 31; its variations too.
    let text = "手合割：平手\n手数----指手--\n  31 ７六歩(77)\n  32 ３四歩(33)\n  33 ２六歩(27)\n変化：32手\n  32 ８四歩(83)\n";
    let r = read_text(text).unwrap().into_game::<Shogi>().unwrap();
    assert_eq!(usi(&r.moves), ["7g7f", "3c3d", "2g2f"]);
    assert_eq!((r.variations[0].ply, usi(&r.variations[0].moves)), (2, vec!["8c8d".to_string()]));
    let skipped = "  31 ７六歩(77)\n  33 ３四歩(33)\n";
    assert_eq!(error(skipped), (Some(2), RecordErrorKind::MoveNumber { expected: 32, found: 33 }));
    let before =
        "  31 ７六歩(77)\n  32 ３四歩(33)\n変化：31手\n  31 ５六歩(57)\n変化：30手\n  30 ５六歩(57)\n";
    assert_eq!(error(before), (Some(5), RecordErrorKind::BranchWithoutMove { ply: 30 }));
}

/// Move `n` (from 1) of a walk of the rooks, back where they started every 4 moves.
fn walk(n: usize) -> &'static str {
    ["４八飛(28)", "４二飛(82)", "２八飛(48)", "８二飛(42)"][(n - 1) % 4]
}

#[test]
fn error_more_moves_in_all_lines_than_the_limit() {
    let half = MAX_RECORD_PLIES / 2 + 4;
    let mut text = String::new();
    for n in 1..=half {
        text.push_str(&format!("{n} {}\n", walk(n)));
    }
    text.push_str("変化：1手\n");
    for n in 1..=half {
        text.push_str(&format!("{n} {}\n", walk(n)));
    }
    let (line, kind) = error(&text);
    // The main line, the `変化` line, then the variation up to its move past the limit.
    assert_eq!((line, kind), (Some(MAX_RECORD_PLIES + 2), RecordErrorKind::TooManyBranchMoves));
}

#[test]
fn thousands_of_nested_variations_read_and_write_without_recursion() {
    let depth = 3000;
    let mut text = String::new();
    for n in 1..=depth + 2 {
        text.push_str(&format!("{n} {}\n", walk(n)));
    }
    // Each variation branches from the one before at its second move: a chain `depth` deep.
    for ply in 2..depth + 2 {
        text.push_str(&format!("変化：{ply}手\n{ply} {}\n{} {}\n", walk(ply), ply + 1, walk(ply + 1)));
    }
    let r = read_text(&text).unwrap().into_game::<Shogi>().unwrap();
    assert_eq!(r.variations.len(), depth);
    assert!(r.variations.iter().enumerate().skip(1).all(|(i, v)| v.parent == Some(i - 1)));
    let json = r.to_json();
    assert_eq!(json.variations.len(), depth);
    let last = json.variations.last().unwrap();
    assert_eq!(last.moves.last().unwrap().sfen, r.position_after(depth + 2).unwrap().to_sfen());
    assert_eq!(Position::<Shogi>::startpos(), r.start);
}
