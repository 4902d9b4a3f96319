//! Game records in: files written by another program (cshogi, `tests/data/records/`), the project's own KIF,
//! USI and CSA exports read back, handicap and Mini Shogi records, Shift_JIS, and one test per error.

use shogi_reach_engine::records::error::{RecordErrorKind, MAX_RECORD_BYTES, MAX_RECORD_PLIES};
use shogi_reach_engine::records::{csa, kif, read, read_text, usi_command, Format, GameRecord, Record};
use shogi_reach_engine::rules::{parse_legal_move, play};
use shogi_reach_engine::{Game, MiniShogi, Move, Position, Shogi, Variant};

use std::path::Path;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn shogi(record: GameRecord) -> Record<Shogi> {
    record.into_game::<Shogi>().unwrap()
}

fn last<V: Variant>(record: &Record<V>) -> Position<V> {
    record.position_after(record.plies()).unwrap()
}

#[test]
fn records_written_by_cshogi_end_where_cshogi_says() {
    let expected = std::fs::read_to_string(format!("{DATA}/records/expected.tsv")).unwrap();
    let mut formats = std::collections::BTreeSet::new();
    for row in expected.lines().skip(1) {
        let [file, game, plies, sfen] = row.split('\t').collect::<Vec<_>>()[..] else { panic!("{row}") };
        let bytes = std::fs::read(Path::new(DATA).join("records").join(file)).unwrap();
        let record = read(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(record.game().name(), game, "{file}");
        let extension = file.rsplit('.').next().unwrap();
        let format = record.format().name();
        assert_eq!(format, if extension == "kifu" { "kif" } else { extension }, "{file}");
        formats.insert(format);
        let record = shogi(record);
        assert_eq!(record.plies().to_string(), plies, "{file}");
        assert_eq!(last(&record), Position::from_sfen(sfen).unwrap(), "{file}");
    }
    assert_eq!(formats.into_iter().collect::<Vec<_>>(), ["csa", "ki2", "kif"]);
}

#[test]
fn shift_jis_and_utf8_files_of_one_game_read_the_same() {
    let sjis = std::fs::read(format!("{DATA}/records/selfplay-1.kif")).unwrap();
    let utf8 = std::fs::read(format!("{DATA}/records/selfplay-1.kifu")).unwrap();
    assert!(std::str::from_utf8(&sjis).is_err(), "the .kif file is Shift_JIS");
    assert_eq!(read(&sjis).unwrap(), read(&utf8).unwrap());
}

#[test]
fn handicap_records_start_with_gote_to_move() {
    let bytes = std::fs::read(format!("{DATA}/records/handicap-1.kif")).unwrap();
    let record = shogi(read(&bytes).unwrap());
    let lance_down = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    assert_eq!(record.start, Position::from_sfen(lance_down).unwrap());
    assert!(record.japanese_moves()[0].starts_with('☖'));
    let bishop_down = "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    assert_eq!(shogi(read_text("手合割：角落ち\n").unwrap()).start.to_sfen(), bishop_down);
    let two_down = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    assert_eq!(shogi(read_text("手合割：二枚落ち\n").unwrap()).start.to_sfen(), two_down);
    let six = shogi(read_text("手合割：六枚落ち\n   1 ５二玉(51)\n").unwrap());
    assert_eq!(six.start.to_sfen(), "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    assert_eq!(six.moves[0].to_usi::<Shogi>(), "5a5b");
}

/// The first `plies` moves of each self-play game of `V`.
fn selfplay_games<V: Variant>(file: &str) -> Vec<Vec<Move>> {
    let text = std::fs::read_to_string(format!("{DATA}/selfplay/{file}")).unwrap();
    text.lines()
        .skip(1)
        .map(|row| {
            let mut pos = Position::<V>::startpos();
            let usi = row.split('\t').nth(3).unwrap();
            usi.split_whitespace()
                .map(|u| {
                    let m = parse_legal_move(&pos, u).unwrap();
                    pos = play(&pos, m);
                    m
                })
                .collect()
        })
        .collect()
}

/// A KI2 record of `record`'s moves, from its Japanese move list (`☗`/`☖` marks).
fn ki2<V: Variant>(record: &Record<V>) -> String {
    format!("手合割：{}\n{}\n", V::KIF_HANDICAP, record.japanese_moves().join("  "))
}

fn round_trips<V: Variant>(file: &str) {
    for moves in selfplay_games::<V>(file) {
        let record = Record::new(Format::Usi, Position::<V>::startpos(), moves);
        let texts = [
            (Format::Kif, kif::<V>(&record.moves, "test")),
            (Format::Ki2, ki2(&record)),
            (Format::Usi, usi_command::<V>(&record.moves)),
        ];
        for (format, text) in texts {
            let again = read_text(&text).unwrap_or_else(|e| panic!("{text}: {e}")).into_game::<V>().unwrap();
            assert_eq!(again.format, format);
            assert_eq!((again.start, &again.moves), (record.start, &record.moves), "{text}");
        }
    }
}

#[test]
fn own_exports_read_back_shogi() {
    round_trips::<Shogi>("shogi.tsv");
    for moves in selfplay_games::<Shogi>("shogi.tsv") {
        let record = Record::new(Format::Csa, Position::startpos(), moves);
        assert_eq!(shogi(read_text(&csa(&record)).unwrap()), record);
    }
}

#[test]
fn own_exports_read_back_mini_shogi() {
    round_trips::<MiniShogi>("minishogi.tsv");
}

#[test]
fn csa_of_a_handicap_game_reads_back() {
    let record = shogi(read(&std::fs::read(format!("{DATA}/records/handicap-3.ki2")).unwrap()).unwrap());
    let again = shogi(read_text(&csa(&record)).unwrap());
    assert_eq!((again.start, again.moves), (record.start, record.moves));
}

#[test]
fn mini_shogi_records() {
    let kif = "手合割：５五将棋\n手数----指手---------消費時間--\n   1 １二飛(15)\n   2 同　金(21)\n   3 １三歩打\n   \
               4 同　金(12)\n   5 投了\n";
    let record = read_text(kif).unwrap();
    assert_eq!(record.game(), Game::MiniShogi);
    let record = record.into_game::<MiniShogi>().unwrap();
    assert_eq!(last(&record).to_sfen(), "rbs1k/5/4g/P4/KGSB1 b rp 1");
    let ki2 = "手合割：５五将棋\n▲１二飛 △同金 ▲１三歩 △同金\nまで4手で後手の勝ち\n";
    assert_eq!(read_text(ki2).unwrap().into_game::<MiniShogi>().unwrap().moves, record.moves);
    let usi = read_text("position sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 1e1b 2a1b P*1c 1b1c").unwrap();
    assert_eq!(usi.into_game::<MiniShogi>().unwrap().moves, record.moves);
}

#[test]
fn a_board_diagram_alone_and_as_a_start() {
    let bytes = std::fs::read(format!("{DATA}/records/diagram-1.kif")).unwrap();
    let text = shogi_reach_engine::records::text::decode(&bytes).unwrap().into_owned();
    let with_moves = shogi(read_text(&text).unwrap());
    let diagram: String =
        text.lines().take_while(|l| !l.starts_with("先手：")).map(|l| format!("{l}\n")).collect();
    let alone = shogi(read_text(&diagram).unwrap());
    assert_eq!(alone.format, Format::Bod);
    assert_eq!((alone.start, alone.plies()), (with_moves.start, 0));
    let gote = shogi(read_text(&format!("{diagram}後手番\n")).unwrap());
    assert_eq!(gote.start.side_to_move(), shogi_reach_engine::Color::Gote);
}

#[test]
fn positions_on_one_line() {
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1";
    let forms = [
        ("position startpos moves 7g7f", Format::Usi),
        ("startpos moves 7g7f", Format::Usi),
        ("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f", Format::Usi),
        (sfen, Format::Sfen),
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b", Format::Sfen),
    ];
    for (text, format) in forms {
        let record = shogi(read_text(text).unwrap());
        assert_eq!((record.format, last(&record).to_sfen()), (format, sfen.to_string()), "{text}");
    }
    let mini = read_text("rbsgk/4p/5/P4/KGSBR b - 1").unwrap();
    assert_eq!((mini.game(), mini.format()), (Game::MiniShogi, Format::Sfen));
}

#[test]
fn positions_after_each_ply() {
    let record = shogi(read_text("position startpos moves 7g7f 3c3d 8h2b+").unwrap());
    let positions = record.positions();
    assert_eq!(positions.len(), 4);
    for (ply, pos) in positions.iter().enumerate() {
        assert_eq!(record.position_after(ply).unwrap(), *pos);
    }
    assert_eq!(record.japanese_moves(), ["☗７六歩", "☖３四歩", "☗２二角成"]);
}

/// The error of reading `text`: its line and kind.
fn error(text: &str) -> (Option<usize>, RecordErrorKind, String) {
    let e = read_text(text).unwrap_err();
    (e.line, e.kind.clone(), e.to_string())
}

#[test]
fn error_too_large() {
    let text = "*".repeat(MAX_RECORD_BYTES + 1);
    assert!(matches!(read(text.as_bytes()).unwrap_err().kind, RecordErrorKind::TooLarge { .. }));
    assert!(matches!(error(&text).1, RecordErrorKind::TooLarge { .. }));
}

#[test]
fn error_too_many_moves() {
    let walk = " 5i4h 5a4b 4h5i 4b5a".repeat(MAX_RECORD_PLIES / 4 + 1);
    let (line, kind, _) = error(&format!("position startpos moves{walk}"));
    assert_eq!((line, kind), (Some(1), RecordErrorKind::TooManyMoves));
}

#[test]
fn error_not_text() {
    assert_eq!(read(&[0x82, 0xA0, 0xFF, 0xFF]).unwrap_err().kind, RecordErrorKind::NotText);
}

#[test]
fn error_empty() {
    assert_eq!(error(" \n\n").1, RecordErrorKind::Empty);
}

#[test]
fn error_unknown_format() {
    let (line, kind, message) = error("\nhello world\n");
    assert_eq!((line, kind), (Some(2), RecordErrorKind::UnknownFormat("hello world".into())));
    assert!(message.starts_with("line 2: not a game record"), "{message}");
}

#[test]
fn error_unknown_handicap() {
    let (line, kind, _) = error("開始日時：2026/11/23\n手合割：七枚落ち\n");
    assert_eq!((line, kind), (Some(2), RecordErrorKind::UnknownHandicap("七枚落ち".into())));
}

#[test]
fn error_bad_position() {
    let (line, kind, message) = error("position sfen lnsgkgsnl/9 b - 1 moves 7g7f");
    assert!(matches!((line, kind), (Some(1), RecordErrorKind::BadPosition(_))));
    assert!(message.contains("board has 2 rows"), "{message}");
}

#[test]
fn error_bad_board() {
    let (line, kind, _) = error("|v香v桂|一\n| 歩 歩|二\n");
    assert_eq!(line, Some(1));
    assert!(matches!(kind, RecordErrorKind::BadBoard(_)));
    let csa = "P1-KY-KE-GI-KI-OU-KI-GI-KE-XX\n+\n";
    assert_eq!(read_text(csa).unwrap_err().line, Some(1));
}

#[test]
fn error_bad_hand() {
    let text = std::fs::read(format!("{DATA}/records/diagram-1.kif")).unwrap();
    let text = shogi_reach_engine::records::text::decode(&text)
        .unwrap()
        .replace("後手の持駒：なし", "後手の持駒：歩百");
    let (line, kind, _) = error(&text);
    assert_eq!((line, kind), (Some(2), RecordErrorKind::BadHand("歩百".into())));
}

#[test]
fn error_bad_move() {
    let (line, kind, _) = error("手合割：平手\n   1 ７六歩(77)\n   2 ３四步(33)\n");
    assert_eq!((line, kind), (Some(3), RecordErrorKind::BadMove("３四步(33)".into())));
    assert_eq!(error("+7776FU\n-3334XX\n").0, Some(2));
}

#[test]
fn error_illegal_move() {
    let (line, kind, message) = error("▲７六歩 △３四歩\n▲７四歩\n");
    assert_eq!(line, Some(2));
    assert!(matches!(kind, RecordErrorKind::IllegalMove { ply: 3, .. }));
    assert!(message.contains("move 3 \"７四歩\" is not legal in"), "{message}");
    assert!(matches!(error("+7776FU\n-3334KA\n").1, RecordErrorKind::IllegalMove { ply: 2, .. }));
}

#[test]
fn error_ambiguous_move() {
    let (line, kind, message) = error("手合割：平手\n▲５八金\n");
    let candidates = vec!["6i5h".to_string(), "4i5h".to_string()];
    assert_eq!(
        (line, &kind),
        (Some(2), &RecordErrorKind::AmbiguousMove { ply: 1, text: "５八金".into(), candidates })
    );
    assert!(message.contains("右, 左"), "{message}");
}

#[test]
fn error_wrong_side() {
    let (line, kind, _) = error("手合割：香落ち\n▲７六歩\n");
    assert_eq!((line, kind), (Some(2), RecordErrorKind::WrongSide { ply: 1, text: "７六歩".into() }));
    let (line, kind, _) = error("PI\n+\n-3334FU\n");
    assert_eq!((line, kind), (Some(3), RecordErrorKind::WrongSide { ply: 1, text: "-3334FU".into() }));
}

#[test]
fn error_same_square_without_previous() {
    let (line, kind, _) = error("   1 同　歩(77)\n");
    assert_eq!((line, kind), (Some(1), RecordErrorKind::SameWithoutPrevious("同　歩(77)".into())));
}

#[test]
fn error_wrong_game_and_ply_out_of_range() {
    let mini = read_text("手合割：５五将棋\n").unwrap();
    let e = mini.clone().into_game::<Shogi>().unwrap_err();
    assert_eq!(e.kind, RecordErrorKind::WrongGame { expected: "shogi", found: "minishogi" });
    let record = mini.into_game::<MiniShogi>().unwrap();
    let e = record.position_after(1).unwrap_err();
    assert_eq!(e.kind, RecordErrorKind::PlyOutOfRange { ply: 1, plies: 0 });
    assert_eq!(e.to_string(), "ply 1: the record has 0 moves");
}

#[test]
fn json_lists_every_move_with_the_position_after_it() {
    let json =
        serde_json::to_value(read_text("手合割：５五将棋\n▲１二飛 △同金\n").unwrap().to_json()).unwrap();
    assert_eq!(json["game"], "minishogi");
    assert_eq!(json["format"], "ki2");
    assert_eq!(json["start"], "rbsgk/4p/5/P4/KGSBR b - 1");
    assert_eq!(json["plies"], 2);
    assert_eq!(json["moves"][0]["usi"], "1e1b");
    assert_eq!(json["moves"][1]["japanese"], "☖同　金");
    assert_eq!(json["moves"][1]["sfen"], "rbs1k/4g/5/P4/KGSB1 b Pr 1");
}

/// Found by the `records` fuzz target: a one-character CSA statement that is no sign (`;`) before the
/// moves panicked (`a sign`) instead of being refused.
#[test]
fn csa_statement_of_one_character_that_is_no_sign() {
    let (line, kind, _) = error("PI\n;\n+7776FU\n");
    assert_eq!((line, kind), (Some(2), RecordErrorKind::BadMove(";".into())));
}

/// A random legal game of `V` from the initial position: each choice picks one of the legal moves.
fn random_game<V: Variant>(choices: &[usize]) -> Record<V> {
    let mut pos = Position::<V>::startpos();
    let mut moves = Vec::new();
    let mut legal = shogi_reach_engine::MoveList::new();
    for &choice in choices {
        shogi_reach_engine::rules::legal_moves(&pos, &mut legal);
        if legal.is_empty() {
            break;
        }
        let m = legal[choice % legal.len()];
        moves.push(m);
        pos = play(&pos, m);
    }
    Record::new(Format::Ki2, Position::startpos(), moves)
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Random play needs 右/左/上/引/寄/直, 不成 and 打 far more than real games: the Japanese move text
    /// the project writes reads back as the same moves, and so do its CSA and KIF.
    #[test]
    fn random_shogi_games_read_back(choices in proptest::collection::vec(proptest::prelude::any::<usize>(), 1..200)) {
        let record = random_game::<Shogi>(&choices);
        proptest::prop_assert_eq!(&shogi(read_text(&ki2(&record)).unwrap()).moves, &record.moves);
        proptest::prop_assert_eq!(&shogi(read_text(&csa(&record)).unwrap()).moves, &record.moves);
        proptest::prop_assert_eq!(&shogi(read_text(&kif::<Shogi>(&record.moves, "")).unwrap()).moves, &record.moves);
    }

    #[test]
    fn random_mini_shogi_games_read_back(choices in proptest::collection::vec(proptest::prelude::any::<usize>(), 1..120)) {
        let record = random_game::<MiniShogi>(&choices);
        let again = read_text(&ki2(&record)).unwrap().into_game::<MiniShogi>().unwrap();
        proptest::prop_assert_eq!(&again.moves, &record.moves);
    }
}

/// The size limit is on a file's bytes: a Shift_JIS record just under it reads, though its text as UTF-8
/// (3 bytes for each 2-byte kana) is over it.
#[test]
fn the_size_limit_is_on_the_bytes_of_a_shift_jis_file() {
    let comment = format!("*{}\n", "あ".repeat(1000));
    let text = format!("{}   1 ７六歩(77)\n", comment.repeat(MAX_RECORD_BYTES / 2100));
    let (bytes, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&text);
    assert!(!unmappable && bytes.len() <= MAX_RECORD_BYTES && text.len() > MAX_RECORD_BYTES);
    assert_eq!(shogi(read(&bytes).unwrap()).plies(), 1);
}

#[test]
fn a_board_without_a_header_says_its_game_by_its_size_alone() {
    assert_eq!(Game::of_rows(9), Some(Game::Shogi));
    assert_eq!(Game::of_rows(5), Some(Game::MiniShogi));
    assert_eq!(Game::of_rows(6), Some(Game::Judkins));
    assert_eq!(Game::of_rows(7), None, "no game has 7 rows");
    for game in Game::ALL {
        assert_eq!(Game::of_rows(game.rows()), Some(game));
    }
    assert_eq!(read_text("rbsgk/4p/5/P4/KGSBR b - 1").unwrap().game(), Game::MiniShogi);
    assert_eq!(read_text("position startpos moves 7g7f").unwrap().game(), Game::Shogi);
    assert_eq!(read_text("rbnsgk/5p/6/6/P5/KGSNBR b - 1").unwrap().game(), Game::Judkins);
    // Seven rows are no game's: read as Shogi's, and refused for their rows.
    let seven = read_text("k4/5/5/5/5/5/K4 b - 1").unwrap_err().to_string();
    assert!(seven.contains("row"), "{seven}");
}
