//! Estimate reports (`estimate --json`, the shards `merge` reads): any text is read or refused, and one,
//! two or three reports read from it (JSON values one after the other) merge or are refused, for every
//! game, never a panic.
use shogi_reach_engine::board::variant::Judkins;
use shogi_reach_engine::estimate::{merge_reports, Report};
use shogi_reach_engine::ranking::rank::Ranked;
use shogi_reach_engine::{MiniShogi, Shogi};

fn check<V: Ranked>(reports: &[Report]) {
    for n in 1..=reports.len() {
        let Ok(merged) = merge_reports::<V>(&reports[..n]) else { continue };
        assert_eq!(merged.game, V::NAME);
        assert_eq!(merged.samples, reports[0].samples);
        // The merged ranges are sorted, disjoint and not adjacent.
        assert!(merged.ranges.windows(2).all(|w| w[0][1] < w[1][0]), "{:?}", merged.ranges);
        let _ = merged.is_complete();
        let _ = serde_json::to_string(&merged).expect("a merged report serialises");
    }
}

/// Checks one input of the fuzz target.
pub fn check_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let reports: Vec<Report> = serde_json::Deserializer::from_str(text)
        .into_iter::<Report>()
        .take(3)
        .map_while(Result::ok)
        .collect();
    for r in &reports {
        let _ = r.is_complete();
        let _ = serde_json::to_string(r);
    }
    check::<MiniShogi>(&reports);
    check::<Shogi>(&reports);
    check::<Judkins>(&reports);
}
