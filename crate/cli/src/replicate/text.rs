//! The replication as text: the two tables and the estimates, each row beside the published one.

use super::{Replication, Row};
use std::fmt::Write as _;

impl Replication {
    pub fn to_text(&self) -> String {
        let mut t = String::new();
        let _ = writeln!(t, "{}", wrap(&format!("Replication of {}", self.citation), 100, ""));
        let _ = writeln!(
            t,
            "this run: {} samples ({} of the {} of {}), seed {}, {} shard{} in {}",
            self.samples,
            self.fraction,
            self.paper_samples,
            self.source.whose(),
            self.seed,
            self.shards,
            if self.shards == 1 { "" } else { "s" },
            self.dir.display()
        );
        let _ = writeln!(t, "{}: {}", self.source.whose(), self.paper_sampling);
        t.push('\n');
        let _ = writeln!(t, "{}", wrap(&self.sampling_note, 100, ""));
        t.push('\n');
        let _ = writeln!(t, "Table 1: samples passing each check");
        let column = self.source.column();
        table(&mut t, ("check", column), &self.table1, 100.0, "%");
        t.push('\n');
        let _ = writeln!(
            t,
            "Table 2: unreachable positions by the most plies traced back (shares per million samples)"
        );
        table(&mut t, ("plies", column), &self.table2, 1e6, "ppm");
        t.push('\n');
        self.estimates(&mut t);
        t.push('\n');
        self.made_by(&mut t);
        t
    }

    /// This command's provenance and that of each shard file.
    fn made_by(&self, t: &mut String) {
        let _ = writeln!(t, "{}", crate::provenance::line(&self.provenance));
        for shard in &self.report.shards {
            let made = shard.provenance.as_ref().map_or("no provenance".into(), crate::provenance::line);
            let _ = writeln!(t, "  {}: {made}", shard.file);
        }
    }

    fn estimates(&self, t: &mut String) {
        let _ = writeln!(
            t,
            "Estimate: p = reachable / samples, |R| = p * |P_K| (|P_K| = {})",
            self.report.candidates
        );
        let _ =
            writeln!(t, "  {:<14} {:>13} {:>10} {:>12}  3-sigma interval of |R|", "", "p", "sigma", "|R|");
        // The published row is computed here from its Table 1, by the same formulas as the run's.
        let published = format!("{}'s counts", self.source.column());
        let rows = [("this run", &self.estimate.run), (published.as_str(), &self.estimate.paper)];
        for (name, e) in rows {
            let _ = writeln!(
                t,
                "  {name:<14} {:>13.10} {:>10.3e} {:>12.5e}  [{:.5e}, {:.5e}]",
                e.p_hat, e.sigma, e.reachable, e.low, e.high
            );
        }
        // At the same confidence, the intervals that hold for few counts too (docs/method.md).
        let _ =
            writeln!(t, "  {:<14} {:<28}  exact (Clopper-Pearson) interval", "", "Wilson interval of |R|");
        for (name, e) in rows {
            let [wl, wh] = e.wilson;
            let [el, eh] = e.exact;
            let _ = writeln!(t, "  {name:<14} [{wl:.5e}, {wh:.5e}]  [{el:.5e}, {eh:.5e}]");
        }
        let words = format!("{} in words: {}", self.source.whose(), self.paper_statement);
        let _ = writeln!(t, "{}", wrap(&words, 100, "  "));
        if let Some(reach) = self.table1.last() {
            let _ = writeln!(t, "  distance of p: {}", distance(reach.sigma_distance));
        }
    }
}

/// The rows with both counts (the published ones under `column`), their shares (times `scale`, in `unit`)
/// and the distance in σ.
fn table(t: &mut String, (first, column): (&str, &str), rows: &[Row], scale: f64, unit: &str) {
    let _ = writeln!(
        t,
        "  {first:<22} {:>14} {:>12} {:>14} {:>12} {:>12}",
        "this run", unit, column, unit, "distance"
    );
    for r in rows {
        let _ = writeln!(
            t,
            "  {:<22} {:>14} {:>12.4} {:>14} {:>12.4} {:>12}",
            r.label,
            r.run,
            r.run_share * scale,
            r.paper,
            r.paper_share * scale,
            distance(r.sigma_distance)
        );
    }
}

/// `+0.42 σ`, or `-` where there is no spread to measure by.
fn distance(z: Option<f64>) -> String {
    z.map_or("-".into(), |z| format!("{z:+.2} sigma"))
}

/// Words folded into lines of at most `width` characters, each starting with `indent`.
fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut lines = vec![indent.to_string()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("a line");
        if line.len() > indent.len() && line.len() + 1 + word.len() > width {
            lines.push(format!("{indent}{word}"));
        } else {
            if line.len() > indent.len() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}
