//! The file exports (`records::formats::export`) read back by the engine's own reader: every format, from
//! the initial position and from positions part-way through real games (a BOD diagram heads those), in
//! both games; the Shift_JIS files are not UTF-8 and say so in their header.

use shogi_reach_engine::records::formats::bod::bod;
use shogi_reach_engine::records::formats::export::{export, ExportError, ExportFormat};
use shogi_reach_engine::records::formats::usi::usi_from;
use shogi_reach_engine::records::{read, Format};
use shogi_reach_engine::rules::{parse_legal_move, play};
use shogi_reach_engine::{MiniShogi, Move, Position, Shogi, Variant};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

/// Each self-play game of `V`: the positions and the moves.
fn games<V: Variant>(file: &str) -> Vec<(Vec<Position<V>>, Vec<Move>)> {
    let text = std::fs::read_to_string(format!("{DATA}/selfplay/{file}")).unwrap();
    let rows = text.lines().skip(1);
    rows.map(|row| {
        let mut positions = vec![Position::<V>::startpos()];
        let moves = row.split('\t').nth(3).unwrap().split_whitespace();
        let moves = moves
            .map(|u| {
                let pos = *positions.last().unwrap();
                let m = parse_legal_move(&pos, u).unwrap();
                positions.push(play(&pos, m));
                m
            })
            .collect();
        (positions, moves)
    })
    .collect()
}

fn format_read_as(format: ExportFormat) -> Format {
    match format {
        ExportFormat::Kif | ExportFormat::Kifu => Format::Kif,
        ExportFormat::Ki2 | ExportFormat::Ki2u => Format::Ki2,
        ExportFormat::Usi => Format::Usi,
        ExportFormat::Csa => Format::Csa,
        ExportFormat::Bod => Format::Bod,
    }
}

/// Every format of `moves` from `start` reads back as the same start and moves (BOD: as the last position).
fn reads_back<V: Variant>(start: &Position<V>, moves: &[Move]) {
    let end = moves.iter().fold(*start, |p, &m| play(&p, m));
    for format in ExportFormat::ALL {
        let bytes = match export(start, moves, format, "a comment\nof two lines") {
            Err(ExportError::NotForThisGame { .. })
                if V::NAME == "minishogi" && format == ExportFormat::Csa =>
            {
                continue
            }
            other => other.unwrap_or_else(|e| panic!("{format:?}: {e}")),
        };
        let what = || format!("{format:?} of {} moves from {}", moves.len(), start.to_sfen());
        let record = read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", what())).into_game::<V>().unwrap();
        // A KIF or KI2 file without moves reads as the diagram it is, or as KIF or KI2 from a `手合割`.
        let expected = format_read_as(format);
        if moves.is_empty() && matches!(expected, Format::Kif | Format::Ki2) {
            assert!(matches!(record.format, Format::Kif | Format::Ki2 | Format::Bod), "{}", what());
        } else {
            assert_eq!(record.format, expected, "{}", what());
        }
        if format == ExportFormat::Bod {
            assert_eq!((record.start, record.moves.len()), (end, 0), "{}", what());
        } else {
            assert_eq!((&record.start, &record.moves[..]), (start, moves), "{}", what());
        }
        let is_utf8 = std::str::from_utf8(&bytes).is_ok();
        assert_eq!(is_utf8, !matches!(format, ExportFormat::Kif | ExportFormat::Ki2), "{}", what());
    }
}

fn all_read_back<V: Variant>(file: &str) {
    for (positions, moves) in games::<V>(file) {
        reads_back(&positions[0], &moves);
        let half = moves.len() / 2;
        reads_back(&positions[half], &moves[half..]);
        reads_back(&positions[moves.len()], &[]);
    }
}

#[test]
fn every_export_reads_back_shogi() {
    all_read_back::<Shogi>("shogi.tsv");
}

#[test]
fn every_export_reads_back_mini_shogi() {
    all_read_back::<MiniShogi>("minishogi.tsv");
}

#[test]
fn shift_jis_files_say_so() {
    let start = Position::<Shogi>::startpos();
    let kif = export(&start, &[], ExportFormat::Kif, "").unwrap();
    assert!(kif.starts_with(b"#KIF version=2.0 encoding=Shift_JIS\n"));
    let kifu = String::from_utf8(export(&start, &[], ExportFormat::Kifu, "").unwrap()).unwrap();
    assert!(kifu.starts_with("#KIF version=2.0 encoding=UTF-8\n手合割：平手\n"), "{kifu}");
    let ki2 = export(&start, &[], ExportFormat::Ki2, "").unwrap();
    assert!(ki2.starts_with(b"#KI2 version=2.0 encoding=Shift_JIS\n"));
    assert_eq!(
        export(&start, &[], ExportFormat::Kif, "☗").unwrap_err().to_string(),
        "'☗' has no Shift_JIS code: export as UTF-8 instead"
    );
}

#[test]
fn a_board_diagram_as_players_write_it() {
    // cshogi's `KIF.board_to_bod` of this position, with a line end added.
    let sfen = "ln1gk2nl/1r4+P2/p1pp1p2p/4p4/9/2P6/PP1P+sPP1P/4G2R1/LN2KGSNL b BGS2Pb2p 31";
    let expected = "後手の持駒：角　歩二\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
                    |v香v桂 ・v金v玉 ・ ・v桂v香|一\n| ・v飛 ・ ・ ・ ・ と ・ ・|二\n\
                    |v歩 ・v歩v歩 ・v歩 ・ ・v歩|三\n| ・ ・ ・ ・v歩 ・ ・ ・ ・|四\n\
                    | ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六\n\
                    | 歩 歩 ・ 歩v全 歩 歩 ・ 歩|七\n| ・ ・ ・ ・ 金 ・ ・ 飛 ・|八\n\
                    | 香 桂 ・ ・ 玉 金 銀 桂 香|九\n+---------------------------+\n先手の持駒：角　金　銀　歩二\n";
    let pos = Position::<Shogi>::from_sfen(sfen).unwrap();
    assert_eq!(bod(&pos), expected);
    let gote = Position::<Shogi>::from_sfen(&sfen.replace(" b ", " w ")).unwrap();
    assert_eq!(bod(&gote), format!("{expected}後手番\n"));
    let mini = Position::<MiniShogi>::from_sfen("rb1gk/4+s/5/P4/KGSBR b P 1").unwrap();
    let text = bod(&mini);
    assert!(text.contains("  ５ ４ ３ ２ １\n+---------------+\n"), "{text}");
    assert_eq!(read(text.as_bytes()).unwrap().into_game::<MiniShogi>().unwrap().start, mini);
}

#[test]
fn usi_from_another_start_names_it() {
    let pos = Position::<Shogi>::from_sfen("lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
        .unwrap();
    let m = parse_legal_move(&pos, "5a4b").unwrap();
    assert_eq!(
        usi_from(&pos, &[m]),
        "position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b"
    );
    assert_eq!(usi_from(&Position::<MiniShogi>::startpos(), &[]), "position sfen rbsgk/4p/5/P4/KGSBR b - 1");
}
