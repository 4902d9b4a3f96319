// The layer rules of the workspace (docs/architecture.md), checked: `node scripts/layers.mjs` exits 1 and
// names each `use` that points up a layer, each cycle between source files of a crate, and each
// dependency a crate must not have. `npm test` runs it.
//
// - Crates: engine ← proof-games ← {cli, wasm}; the engine has no clap, no wasm-bindgen and no cfg on the
//   target (it builds the same for the CLI and the browser).
// - Inside the engine: board ← rules ← {ranking, records} ← reach ← {why, estimate} ← facts; a room uses only
//   the rooms below it (and itself).
// - In every crate, no two source files use each other, directly or through others.
import { readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { filesUnder } from './files.mjs';

const ROOT = join(import.meta.dirname, '..');
const CRATES = { engine: [], 'proof-games': ['engine'], cli: ['engine', 'proof-games'], wasm: ['engine', 'proof-games'] };
// The Python package (crate/python): the engine and proof games, like the command line.
CRATES.python = ['engine', 'proof-games'];
// The benchmarks (crate/bench): the engine alone.
CRATES.bench = ['engine'];
// What the fuzz targets check (crate/fuzz-checks): the engine and proof games.
CRATES['fuzz-checks'] = ['engine', 'proof-games'];
const FORBIDDEN_IN_ENGINE = ['clap', 'wasm-bindgen', 'js-sys', 'web-sys', 'serde-wasm-bindgen', 'indicatif', 'ctrlc'];
const ENGINE_LAYERS = { board: 0, rules: 1, ranking: 2, records: 2, reach: 3, why: 4, estimate: 4, facts: 5 };

const problems = [];

const rustFiles = (dir) => filesUnder(dir, ['.rs']);

// The module path of a file: src/a/b.rs and src/a/b/mod.rs are a::b; lib.rs and main.rs the root.
function modulePath(src, file) {
  const parts = relative(src, file).replace(/\.rs$/, '').split('/');
  if (['mod', 'lib', 'main'].includes(parts.at(-1))) parts.pop();
  return parts.join('::');
}

// Code without comments and string literals, so a path in a doc comment or a message is not a use.
function code(text) {
  return text
    .replace(/\/\/[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/r#*"[\s\S]*?"#*/g, '""')
    .replace(/"(?:[^"\\]|\\.)*"/g, '""');
}

// Every path a `use` tree names, e.g. `crate::a::{b, c::{d, e}}` gives crate::a::b, crate::a::c::d, ….
function expandUse(tree) {
  const open = tree.indexOf('{');
  if (open < 0) return [tree.replace(/\s+as\s+\w+$/, '').trim()];
  const prefix = tree.slice(0, open);
  const inner = tree.slice(open + 1, tree.lastIndexOf('}'));
  const items = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '{') depth++;
    else if (inner[i] === '}') depth--;
    else if (inner[i] === ',' && depth === 0) {
      items.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  items.push(inner.slice(start));
  return items.map((s) => s.trim()).filter(Boolean).flatMap((item) => expandUse(prefix + item));
}

// The paths from the crate root that a file uses (`use crate::…` trees and inline `crate::…` paths).
function usedPaths(text, self) {
  const src = code(text);
  const paths = [];
  for (const [, tree] of src.matchAll(/\buse\s+([^;]+);/g)) {
    for (const p of expandUse(tree.replace(/\s+/g, ' '))) paths.push(p);
  }
  for (const [p] of src.matchAll(/\b(?:crate|super)(?:::\w+)+/g)) paths.push(p);
  return paths
    .map((p) => p.replace(/::(self|\*)$/, ''))
    .map((p) => {
      if (p.startsWith('crate::')) return p.slice('crate::'.length);
      if (p.startsWith('super::')) return [...self.split('::').slice(0, -1), p.slice('super::'.length)].join('::');
      if (p.startsWith('self::')) return [self, p.slice('self::'.length)].filter(Boolean).join('::');
      // A path from the file's own module: `use text::decode` in records/mod.rs.
      return self ? `${self}::${p}` : p;
    })
    .filter((p) => p !== null);
}

// The longest prefix of `path` that is a module of the crate.
function owner(path, modules) {
  const parts = path.split('::');
  for (let n = parts.length; n > 0; n--) {
    const m = parts.slice(0, n).join('::');
    if (modules.has(m)) return m;
  }
  return '';
}

function checkCrate(name) {
  const src = join(ROOT, 'crate', name, 'src');
  // A crate of benchmarks alone has no src/.
  const files = existsSync(src) ? rustFiles(src) : [];
  const modules = new Map(files.map((f) => [modulePath(src, f), f]));
  const edges = new Map();
  for (const [module, file] of modules) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const path of usedPaths(text, module)) {
      const target = owner(path, modules);
      // A file's own items and the crate root's re-exports are not edges of the graph.
      if (target === module || target === '') continue;
      targets.add(target);
      if (name === 'engine') checkEngineLayer(module, target, file);
    }
    if (name === 'engine' && /cfg\s*\(\s*(not\s*\(\s*)?target_(arch|feature|family|os)/.test(code(text))) {
      problems.push(`${relative(ROOT, file)}: the engine has a cfg on the target`);
    }
    edges.set(module, targets);
  }
  for (const cycle of cycles(edges)) problems.push(`crate/${name}: a cycle of modules: ${cycle.join(' → ')}`);
}

function checkEngineLayer(module, target, file) {
  const [from, to] = [module.split('::')[0], target.split('::')[0]];
  if (!(from in ENGINE_LAYERS) || !(to in ENGINE_LAYERS) || from === to) return;
  if (ENGINE_LAYERS[to] >= ENGINE_LAYERS[from]) {
    problems.push(`${relative(ROOT, file)}: ${from} uses ${target}, which is not below it`);
  }
}

// The strongly connected components of more than one module (Tarjan), each as a list of modules.
function cycles(edges) {
  let index = 0;
  const info = new Map();
  const stack = [];
  const found = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!info.has(v)) visit(v);
  return found;
}

// The [dependencies] of a crate's Cargo.toml, by name (also target-specific tables).
function dependencies(name) {
  const toml = readFileSync(join(ROOT, 'crate', name, 'Cargo.toml'), 'utf8');
  const deps = [];
  let inDeps = false;
  for (const line of toml.split('\n')) {
    const table = line.match(/^\[(.*)\]\s*$/);
    if (table) inDeps = /(^|\.)dependencies$/.test(table[1]) && !table[1].includes('dev-');
    else if (inDeps && /^[\w-]+\s*=/.test(line)) deps.push(line.split('=')[0].trim());
  }
  return deps;
}

for (const [name, allowed] of Object.entries(CRATES)) {
  if (!existsSync(join(ROOT, 'crate', name, 'Cargo.toml'))) {
    problems.push(`crate/${name} is missing`);
    continue;
  }
  for (const dep of dependencies(name)) {
    const inner = dep.startsWith('shogi-reach') ? dep.replace(/^shogi-reach-?/, '') || 'cli' : null;
    if (inner !== null && !allowed.includes(inner)) problems.push(`crate/${name} depends on ${dep}`);
    if (name === 'engine' && FORBIDDEN_IN_ENGINE.includes(dep)) problems.push(`crate/engine depends on ${dep}`);
  }
  checkCrate(name);
}

const unique = [...new Set(problems)];
if (unique.length) {
  console.error(`layers: ${unique.length} problem(s)\n  ${unique.join('\n  ')}`);
  process.exit(1);
}
console.log('layers: crates and modules follow the layers; no module cycle');
