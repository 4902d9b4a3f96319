//! `record FILE [--json]`: a game record whole (header, comments, variations, parts skipped), as text
//! and as the JSON the page reads; a record that cannot be read fails with its line and cause.

use crate::common::run;

const ANNOTATED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/tests/data/annotated");

#[test]
fn json_of_a_shift_jis_kif_with_header_comments_and_nested_variations() {
    let (ok, out, err) = run(&["record", "--json", &format!("{ANNOTATED}/annotated.kif")]);
    assert!(ok, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Fields in the order of their names: the text is that of a sorted map.
    let sorted: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&out).unwrap();
    assert_eq!(out.trim_end(), serde_json::to_string_pretty(&sorted).unwrap());
    assert_eq!((json["format"].as_str(), json["plies"].as_u64()), (Some("kif"), Some(5)));
    assert_eq!(json["comment"], "対局開始前の一言");
    assert_eq!(json["moves"][3]["comment"], "銀で取る\n二行目");
    let plies: Vec<(serde_json::Value, u64)> = json["variations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v["parent"].clone(), v["ply"].as_u64().unwrap()))
        .collect();
    assert_eq!(plies, [(serde_json::Value::Null, 4), (0.into(), 5), (serde_json::Value::Null, 3)]);
    assert_eq!(json["skipped"], serde_json::json!(["times", "end", "bookmarks", "file-comments"]));
}

#[test]
fn text_lists_header_moves_comments_variations_and_parts_skipped() {
    let (ok, out, err) = run(&["record", &format!("{ANNOTATED}/annotated.csa")]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("format: csa, game: shogi, 5 moves, start: lnsgkgsnl/"), "{out}");
    assert_eq!(lines[1..3], ["N+: 先手太郎", "N-: 後手花子"]);
    assert!(out.contains("   1 ☗７六歩 7g7f\n     * 角道を開ける\n"), "{out}");
    assert_eq!(lines.last(), Some(&"skipped: times, end"));
    let (ok, out, _) = run(&["record", &format!("{ANNOTATED}/annotated.kifu")]);
    assert!(ok && out.contains("variation 2: at move 5 of variation 1\n     5 ☗６五角 B*6e\n"), "{out}");
}

#[test]
fn a_malformed_variation_fails_with_its_line() {
    let path = std::env::temp_dir().join(format!("shogi-reach-record-command-{}.kif", std::process::id()));
    std::fs::write(&path, "手合割：平手\n   1 ７六歩(77)\n変化：2手\n   2 ３四歩(33)\n").unwrap();
    let (ok, _, err) = run(&["record", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(!ok);
    assert!(
        err.ends_with("line 3: a variation at move 2, which the line it branches from does not have\n"),
        "{err}"
    );
}
