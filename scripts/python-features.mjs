// Checks that the Python crate, built alone (maturin builds `-m crate/python/Cargo.toml`), gives every
// dependency the features that `cargo test --workspace` gives it: then maturin reuses the engine and proof
// games that the Rust tests compiled in the `ci` profile instead of compiling them again (about half a
// minute of the Python part of `npm test`). `node scripts/python-features.mjs` exits 1 naming each
// dependency whose features differ; crate/python/Cargo.toml lists the features that close the gap.
// scripts/test-python.sh runs it.
import { execFileSync } from 'node:child_process';

/** `name version` → its features, as `cargo tree` resolves them for `packages`. */
function features(...packages) {
  const out = execFileSync('cargo', ['tree', '-e', 'features', '-f', '{p}|{f}', '--prefix', 'none', ...packages], { encoding: 'utf8' });
  const found = new Map();
  for (const line of out.split('\n')) {
    const [pkg, feats] = line.replace(' (*)', '').split('|');
    // Lines such as `serde feature "std"` name a feature, not a package built.
    if (feats === undefined || pkg.includes(' feature ')) continue;
    found.set(pkg.replace(/ \(.*\)$/, ''), feats);
  }
  return found;
}

const alone = features('-p', 'shogi-reach-python');
const workspace = features('--workspace');
const differ = [...alone].filter(([pkg, feats]) => workspace.has(pkg) && workspace.get(pkg) !== feats)
  .map(([pkg, feats]) => `${pkg}: [${feats}] alone, [${workspace.get(pkg)}] in the workspace`);
if (differ.length) {
  console.error(`python-features: built alone, the Python crate gives ${differ.length} dependencies other features than the workspace does (maturin would compile the engine again):\n  ${differ.join('\n  ')}\nAdd them to crate/python/Cargo.toml.`);
  process.exit(1);
}
console.log(`python-features: the Python crate alone gives its ${alone.size} dependencies the workspace's features`);
