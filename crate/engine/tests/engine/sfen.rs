//! SFEN and reference-format parsing: round trips and clear errors for bad input.

use shogi_reach_engine::board::position::PositionError;
use shogi_reach_engine::board::sfen::parse_setup;
use shogi_reach_engine::{Color, Kind, MiniShogi, Position, SfenError, Shogi};

#[test]
fn start_positions() {
    let s = Position::<Shogi>::startpos();
    assert_eq!(s.to_sfen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    assert_eq!(Position::<Shogi>::from_sfen("startpos").unwrap(), s);
    let m = Position::<MiniShogi>::startpos();
    assert_eq!(m.to_sfen(), "rbsgk/4p/5/P4/KGSBR b - 1");
    assert_eq!(Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBR[] w").unwrap(), m);
    assert_eq!(Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBR[-] w 0 1").unwrap(), m);
    assert_eq!(Position::<MiniShogi>::from_sfen("sfen rbsgk/4p/5/P4/KGSBR b -").unwrap(), m);
}

#[test]
fn hands_and_side() {
    let p = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w 2P18p 7").unwrap_err();
    assert!(matches!(
        p,
        SfenError::Position(PositionError::TooManyPieces { kind: Kind::Pawn, found: 20, max: 18 })
    ));
    let p = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w RB2G3S4N2L10Pr2g8p 12").unwrap();
    assert_eq!(p.side_to_move(), Color::Gote);
    assert_eq!(p.hand(Color::Sente)[Kind::Pawn.index()], 10);
    assert_eq!(p.hand(Color::Gote)[Kind::Gold.index()], 2);
    assert_eq!(p.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w RB2G3S4N2L10Pr2g8p 1");
    // Reference order G N L P S R B, Sente first, and `b` = Gote to move there.
    let r = Position::<Shogi>::from_sfen("4k4/9/9/9/9/9/9/9/4K4[GGNPPPSRBgp] b").unwrap();
    assert_eq!(r.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w RB2GSN3Pgp 1");
}

/// Text and a test of the error it gives.
type Case = (&'static str, fn(&SfenError) -> bool);

#[test]
fn errors_are_named() {
    use SfenError as E;
    let cases: &[Case] = &[
        ("", |e| matches!(e, E::Empty)),
        ("4k4/9/9/9/9/9/9/9/4K4", |e| matches!(e, E::Fields { .. })),
        ("4k4/9/9/9/9/9/9/4K4 b - 1", |e| matches!(e, E::Rows { expected: 9, found: 8 })),
        ("4k5/9/9/9/9/9/9/9/4K4 b - 1", |e| matches!(e, E::RowWidth { row: 0, .. })),
        ("4k3/9/9/9/9/9/9/9/4K4 b - 1", |e| matches!(e, E::RowWidth { row: 0, found: 8, .. })),
        ("4k4/9/9/9/9/9/9/9/4X4 b - 1", |e| matches!(e, E::BadBoardChar { row: 8, ch: 'X' })),
        ("4k4/9/9/9/9/9/9/9/4+K4 b - 1", |e| matches!(e, E::BadPromotion { row: 8 })),
        ("4k4/9/9/9/9/9/9/9/4K3+ b - 1", |e| matches!(e, E::BadPromotion { .. })),
        ("4k4/9/9/9/9/9/9/9/4K4 x - 1", |e| matches!(e, E::BadSide(_))),
        ("4k4/9/9/9/9/9/9/9/4K4 b K 1", |e| matches!(e, E::Position(PositionError::KingInHand))),
        ("4k4/9/9/9/9/9/9/9/4K4 b 2 1", |e| matches!(e, E::BadHandCount(_))),
        ("4k4/9/9/9/9/9/9/9/4K4 b 0P 1", |e| matches!(e, E::BadHandCount(_))),
        ("4k4/9/9/9/9/9/9/9/4K4 b 999P 1", |e| {
            matches!(e, E::Position(PositionError::TooManyPieces { kind: Kind::Pawn, found: 999, max: 18 }))
        }),
        ("4k4/9/9/9/9/9/9/9/4K4 b X 1", |e| matches!(e, E::BadHandChar('X'))),
        ("4k4/9/9/9/9/9/9/9/4K4 b - x", |e| matches!(e, E::BadMoveNumber(_))),
        ("9/9/9/9/9/9/9/9/4K4 b - 1", |e| matches!(e, E::Position(PositionError::MissingKing(Color::Gote)))),
        ("4k4/9/9/9/9/9/9/9/3KK4 b - 1", |e| {
            matches!(e, E::Position(PositionError::ExtraKing(Color::Sente)))
        }),
        ("4k4/9/9/9/9/9/9/9/4K4 b 3R 1", |e| {
            matches!(e, E::Position(PositionError::TooManyPieces { kind: Kind::Rook, .. }))
        }),
        ("4k4/9/9/9/9/9/9/9/4K4[] x", |e| matches!(e, E::BadSide(_))),
        ("4k4/9/9/9/9/9/9/9/4K4[P w", |e| matches!(e, E::Fields { .. })),
        ("4k4/9/9/9/9/9/9/9/4K4[Q] w", |e| matches!(e, E::BadHandChar('Q'))),
        ("4k4/9/9/9/9/9/9/9/4K4[] w x", |e| matches!(e, E::Trailing(_))),
    ];
    for (text, ok) in cases {
        let err = Position::<Shogi>::from_sfen(text).expect_err(text);
        assert!(ok(&err), "{text:?} gave {err:?}");
        assert!(!err.to_string().is_empty());
    }
    // Mini Shogi has no knights or lances, and a 5×5 board.
    let e = Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBN b - 1").unwrap_err();
    assert!(matches!(e, SfenError::Position(PositionError::KindNotInGame(Kind::Knight))), "{e:?}");
    let e =
        Position::<MiniShogi>::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
            .unwrap_err();
    assert!(matches!(e, SfenError::Rows { expected: 5, found: 9 }));
    let e = Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBR b 3P 1").unwrap_err();
    assert!(matches!(
        e,
        SfenError::Position(PositionError::TooManyPieces { kind: Kind::Pawn, found: 5, max: 2 })
    ));
}

fn pawns(n: usize) -> String {
    "P".repeat(n)
}

/// Hand counts never wrap: the reference format's letters and SFEN's numbers are counted in 64 bits, and a
/// count beyond what a hand can hold is an error naming the kind, with the total on board and in hands.
#[test]
fn hand_counts_do_not_wrap() {
    use PositionError::{KindNotInGame, TooManyPieces};
    let too_many = |text: &str| match Position::<MiniShogi>::from_sfen(text) {
        Err(SfenError::Position(TooManyPieces { kind, found, max })) => (kind, found, max),
        other => panic!("{}: {other:?}", shogi_reach_engine::board::sfen::quote(text)),
    };
    // The audit's case: 257 'P' letters (257 = 1 mod 256) besides one 'p'.
    let text = format!("4k/5/5/5/K4[RBGSrbgsp{}] w", pawns(257));
    assert_eq!(too_many(&text), (Kind::Pawn, 258, 2));
    let e = Position::<MiniShogi>::from_sfen(&text).unwrap_err().to_string();
    assert!(e.contains("kind P") && e.contains("258"), "{e}");
    for n in [2usize, 255, 256, 257, 511, 512, 513] {
        assert_eq!(too_many(&format!("4k/5/5/5/K4[RBGSrbgsp{}] w", pawns(n))), (Kind::Pawn, n as u64 + 1, 2));
        assert_eq!(too_many(&format!("4k/5/5/5/K4[{}] b", pawns(n + 2))), (Kind::Pawn, n as u64 + 2, 2));
    }
    // Board pieces count too; Gote's letters as well.
    assert_eq!(too_many(&format!("4k/5/5/P4/K4[{}] w", "p".repeat(256))), (Kind::Pawn, 257, 2));
    // Up to 255 a hand holds the count: the setup parses, and validation names the kind.
    let setup = parse_setup::<MiniShogi>(&format!("4k/5/5/5/K4[{}] w", pawns(255))).unwrap();
    assert_eq!(setup.hands[0][Kind::Pawn.index()], 255);
    assert!(parse_setup::<MiniShogi>(&format!("4k/5/5/5/K4[{}] w", pawns(256))).is_err());
    // A kind Mini Shogi does not have, however many.
    for text in ["4k/5/5/5/K4[NNN] w".to_string(), format!("4k/5/5/5/K4[{}] w", "n".repeat(300))] {
        let e = Position::<MiniShogi>::from_sfen(&text).unwrap_err();
        assert_eq!(e, SfenError::Position(KindNotInGame(Kind::Knight)));
    }
    let e = Position::<MiniShogi>::from_sfen("4k/5/5/5/K4 b 300N 1").unwrap_err();
    assert_eq!(e, SfenError::Position(KindNotInGame(Kind::Knight)));
}

#[test]
fn sfen_hand_numbers_do_not_overflow() {
    use PositionError::TooManyPieces;
    let hands = |h: &str| Position::<Shogi>::from_sfen(&format!("4k4/9/9/9/9/9/9/9/4K4 b {h} 1"));
    let p = hands("18P").unwrap();
    assert_eq!(p.hand(Color::Sente)[Kind::Pawn.index()], 18);
    assert_eq!(hands("9P9p").unwrap().hand(Color::Gote)[Kind::Pawn.index()], 9);
    let pawns = |found: u64| SfenError::Position(TooManyPieces { kind: Kind::Pawn, found, max: 18 });
    assert_eq!(hands("19P").unwrap_err(), pawns(19));
    assert_eq!(hands("255P").unwrap_err(), pawns(255));
    assert_eq!(hands("256P").unwrap_err(), pawns(256));
    assert_eq!(hands("257P").unwrap_err(), pawns(257));
    assert_eq!(hands("999P").unwrap_err(), pawns(999));
    assert_eq!(hands("99999999999P").unwrap_err(), pawns(99_999_999_999));
    assert_eq!(hands("18446744073709551615P").unwrap_err(), pawns(u64::MAX));
    assert_eq!(hands("200P200P").unwrap_err(), pawns(400));
    assert_eq!(hands("200P200p").unwrap_err(), pawns(400));
    let e = hands("99999999999P").unwrap_err().to_string();
    assert!(e.contains("kind P") && e.contains("99999999999"), "{e}");
    // Beyond 64 bits: a bad count, not a wrapped one.
    for h in [
        "18446744073709551616P",
        "99999999999999999999999P",
        "18446744073709551615P1P",
        "18446744073709551615P1p",
    ] {
        assert!(matches!(hands(h).unwrap_err(), SfenError::BadHandCount(_)), "{h}");
    }
    assert!(matches!(hands("0P").unwrap_err(), SfenError::BadHandCount(_)));
    assert!(matches!(hands("P12").unwrap_err(), SfenError::BadHandCount(s) if s == "12"));
}

/// The reference format is `<board>[<hands>] <w|b>`, optionally followed by exactly ` 0 1`.
#[test]
fn reference_format_takes_only_the_side_after_the_board() {
    let start = Position::<MiniShogi>::startpos();
    for ok in ["rbsgk/4p/5/P4/KGSBR[] w", "rbsgk/4p/5/P4/KGSBR[-] w 0 1", "  rbsgk/4p/5/P4/KGSBR[]   w  "] {
        assert_eq!(Position::<MiniShogi>::from_sfen(ok).unwrap(), start, "{ok}");
    }
    let gote = Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBR[] b").unwrap();
    assert_eq!(gote.side_to_move(), Color::Gote);
    for (text, rest) in [
        ("rbsgk/4p/5/P4/KGSBR[] w x y", "x y"),
        ("rbsgk/4p/5/P4/KGSBR[] w 0 2", "0 2"),
        ("rbsgk/4p/5/P4/KGSBR[] w 1 1", "1 1"),
        ("rbsgk/4p/5/P4/KGSBR[] w 0", "0"),
        ("rbsgk/4p/5/P4/KGSBR[] w 0 1 2", "0 1 2"),
        ("rbsgk/4p/5/P4/KGSBR[] w b", "b"),
        ("rbsgk/4p/5/P4/KGSBR[] w - 1", "- 1"),
    ] {
        let e = Position::<MiniShogi>::from_sfen(text).unwrap_err();
        assert_eq!(e, SfenError::Trailing(rest.to_string()), "{text}");
        assert!(e.to_string().contains("after the side to move"), "{e}");
    }
    for text in ["rbsgk/4p/5/P4/KGSBR[] x", "rbsgk/4p/5/P4/KGSBR[] W", "rbsgk/4p/5/P4/KGSBR[] 0 1"] {
        assert!(matches!(Position::<MiniShogi>::from_sfen(text), Err(SfenError::BadSide(_))), "{text}");
    }
    assert!(matches!(
        Position::<MiniShogi>::from_sfen("rbsgk/4p/5/P4/KGSBR[]"),
        Err(SfenError::Fields { found: 1 })
    ));
}

/// An error quotes at most 200 characters of the input, however long it is.
#[test]
fn errors_quote_at_most_200_characters() {
    use shogi_reach_engine::board::sfen::{quote, QUOTE_LIMIT};
    assert_eq!(QUOTE_LIMIT, 200);
    let s200 = "x".repeat(200);
    assert_eq!(quote(&s200), s200);
    assert_eq!(quote(&"x".repeat(201)), format!("{s200}… (201 characters)"));
    // Characters, not bytes: never a cut inside one.
    let wide = "歩".repeat(1000);
    assert_eq!(quote(&wide), format!("{}… (1000 characters)", "歩".repeat(200)));
    let huge = "w".repeat(20_000_000);
    let digits = "9".repeat(1_000_000);
    let texts = [
        format!("4k4/9/9/9/9/9/9/9/4K4 {huge} - 1"),
        format!("4k4/9/9/9/9/9/9/9/4K4 b - {huge}"),
        format!("4k4/9/9/9/9/9/9/9/4K4 b {digits}P 1"),
        format!("4k4/9/9/9/9/9/9/9/4K4 b P{digits} 1"),
        format!("4k4/9/9/9/9/9/9/9/4K4 b {}P{}p 1", u64::MAX, "1".repeat(10_000)),
        format!("4k4/9/9/9/9/9/9/9/4K4[] {huge}"),
        format!("4k4/9/9/9/9/9/9/9/4K4[] w {huge}"),
        format!("4k4/9/9/9/9/9/9/9/4K4[] w 0 1 {huge}"),
        format!("4k4/9/9/9/9/9/9/9/4K4[{}] w", "P".repeat(20_000_000)),
        format!("4k4/9/9/9/9/9/9/9/4K4{} b - 1", "/9".repeat(1_000_000)),
        format!("4k4/9/9/9/9/9/9/9/4K4 {} b - 1", "9/".repeat(1_000_000)),
        format!("{} b - 1", "1".repeat(10_000_000)),
    ];
    for text in &texts {
        let e = Position::<Shogi>::from_sfen(text).unwrap_err();
        let shown = e.to_string();
        assert!(shown.chars().count() < 400, "{} characters: {}", shown.len(), quote(&shown));
        assert!(format!("{e:?}").chars().count() < 400, "{}", quote(&format!("{e:?}")));
    }
}

#[test]
fn arbitrary_text_never_panics() {
    use proptest::prelude::*;
    proptest!(|(s in "[0-9a-zA-Z+/ \\[\\]*-]{0,60}")| {
        let _ = Position::<Shogi>::from_sfen(&s);
        let _ = Position::<MiniShogi>::from_sfen(&s);
    });
}
