//! `king-squares`: for a tsume set-up, every empty square tried for Sente's king, each verdict that of
//! `prove` on the position with the king there.

use crate::common::ok;

/// Gote's king on 1a, bishop on 9a and rook on 9i; Sente's gold on 2c and pawn on 1c, a gold in hand; the
/// rest in Gote's hand. On 1i Sente's king would be in a double check no move gives; next to Gote's king
/// (2a, 2b, 1b) it would give check with Sente to move.
const PROBLEM: &str = "b7k/9/7GP/9/9/9/9/9/r8 b Grb2g4s4n4l17p 1";

#[test]
fn each_square_is_the_verdict_of_prove_with_the_king_there() {
    let json: serde_json::Value = serde_json::from_str(&ok(&["king-squares", "--json", PROBLEM])).unwrap();
    let squares = json["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 81 - 5, "every empty square");
    let mut reachable = Vec::new();
    for square in squares {
        let sfen = square["sfen"].as_str().unwrap();
        let proof: serde_json::Value = serde_json::from_str(&ok(&["prove", "--json", sfen])).unwrap();
        for key in ["verdict", "stage", "causes"] {
            assert_eq!(square[key], proof[key], "{key} of {sfen}");
        }
        if proof["verdict"] == "reachable" {
            reachable.push(square["square"].clone());
        }
    }
    assert_eq!(json["reachable"].as_array().unwrap(), &reachable);
    let not: Vec<(&str, &str)> = squares
        .iter()
        .filter(|s| s["verdict"] != "reachable")
        .map(|s| (s["square"].as_str().unwrap(), s["causes"][0]["kind"].as_str().unwrap()))
        .collect();
    let waiting = "waiting-in-check";
    assert_eq!(not, [("2a", waiting), ("2b", waiting), ("1b", waiting), ("1i", "double-check")]);
    let text = ok(&["king-squares", PROBLEM]);
    assert!(text.starts_with("Sente's king can stand on 72 of the 76 empty squares"), "{text}");
    assert!(
        text.contains("not 1i: Sente's king on 1i is in double check from Gote's bishop on 9a"),
        "{text}"
    );
}

#[test]
fn a_position_with_sente_s_king_or_without_gote_s_is_refused_by_name() {
    let with_king = crate::common::cli(&[
        "king-squares",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ])
    .output()
    .unwrap();
    assert!(!with_king.status.success());
    assert!(String::from_utf8_lossy(&with_king.stderr).contains("Sente's king is already there"));
    let no_gote =
        crate::common::cli(&["king-squares", "9/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1"]).output().unwrap();
    assert!(String::from_utf8_lossy(&no_gote.stderr).contains("Gote's king on the board, once"));
}
