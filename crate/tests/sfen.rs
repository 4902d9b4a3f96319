//! SFEN and reference-format parsing: round trips and clear errors for bad input.

use shogi_reach::board::position::PositionError;
use shogi_reach::{Color, Kind, MiniShogi, Position, SfenError, Shogi};

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

#[test]
fn errors_are_named() {
    use SfenError as E;
    let cases: &[(&str, fn(&SfenError) -> bool)] = &[
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
        ("4k4/9/9/9/9/9/9/9/4K4 b 999P 1", |e| matches!(e, E::BadHandCount(_))),
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

#[test]
fn arbitrary_text_never_panics() {
    use proptest::prelude::*;
    proptest!(|(s in "[0-9a-zA-Z+/ \\[\\]*-]{0,60}")| {
        let _ = Position::<Shogi>::from_sfen(&s);
        let _ = Position::<MiniShogi>::from_sfen(&s);
    });
}
