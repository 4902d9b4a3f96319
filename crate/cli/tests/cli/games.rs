//! `games`: the engine's facts, and the site's copy of them (www/js/game/games.generated.js) equal to
//! what `games --json` prints. `UPDATE_GENERATED=1 cargo test -p shogi-reach --test cli games` rewrites
//! the site's copy after a change of the facts.

use crate::common::{fails, ok};
use serde_json::Value;

const GENERATED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/js/game/games.generated.js");

/// The site's module: a header that says where it comes from, and the JSON as one constant.
fn site_module(json: &str) -> String {
    format!(
        "// Generated from the engine's facts by `UPDATE_GENERATED=1 cargo test -p shogi-reach --test cli games`\n\
         // (the output of `shogi-reach games --json`); a test fails when they differ. Do not edit.\n\
         export const FACTS = {};\n",
        json.trim_end()
    )
}

#[test]
fn the_sites_facts_are_what_games_json_prints() {
    let expected = site_module(&ok(&["games", "--json"]));
    if std::env::var_os("UPDATE_GENERATED").is_some() {
        std::fs::write(GENERATED, &expected).unwrap();
    }
    let found = std::fs::read_to_string(GENERATED).unwrap_or_default();
    assert!(found == expected, "{GENERATED} is not the engine's facts: rerun with UPDATE_GENERATED=1");
}

#[test]
fn games_prints_each_game_its_start_and_candidates_as_text_and_json() {
    let text = ok(&["games"]);
    let json: Value = serde_json::from_str(&ok(&["games", "--json"])).unwrap();
    for game in json["games"].as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        assert!(text.contains(&format!("{name}: ")), "{text}");
        assert!(text.contains(game["start"].as_str().unwrap()), "{text}");
        let candidates = game["candidates"].as_str().unwrap();
        assert!(text.contains(candidates), "{text}");
        assert_eq!(ok(&["count", "--variant", name]).trim(), candidates);
    }
    let stages: Vec<&str> =
        json["stages"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert!(text.contains(&format!("stages: {}", stages.join(", "))), "{text}");
}

#[test]
fn the_game_is_named_by_game_or_by_the_older_variant() {
    for command in [&["count"][..], &["perft", "--depth", "2"], &["prove", "5k/6/6/6/6/K5 b RBGSNPrbgsnp 1"]]
    {
        let by_game = ok(&[command, &["--game", "judkins"]].concat());
        assert_eq!(ok(&[command, &["--variant", "judkins"]].concat()), by_game, "{command:?}");
        let help = ok(&[&command[..1], &["--help"]].concat());
        assert!(help.contains("--game <GAME>") && help.contains("--variant"), "{help}");
    }
    // replicate took --game before the others did; it takes --variant too.
    for flag in ["--game", "--variant"] {
        let refused = fails(&["replicate", flag, "chess", "--dir", "unused"]);
        assert!(refused.contains("unknown game \"chess\": use shogi or minishogi or judkins"), "{refused}");
    }
}
