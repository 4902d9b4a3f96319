// Build step of scripts/build.sh, after every other file of the site is in DIR: what makes the first visit
// fast and the later ones work offline.
// - DIR/index.html gets a <link rel="modulepreload"> for every module app.js imports, directly or not
//   (static imports), so the browser fetches them all at once instead of one level of imports per round
//   trip, and a preload of the plain engine's WebAssembly, which the first screen's engine needs.
// - DIR/build.json is the build's manifest: `{version, files: {path: sha256}}` of every file the browser
//   may ask for (index.html as './', the page). Precompressed copies, type declarations, _headers, dotfiles,
//   sw.js and build.json itself are left out: the browser never asks for them (or the worker is the file).
// - DIR/sw.js (from www/sw.js) gets the build's list of files, their hashes and the version (a hash of the
//   manifest, so a new build is a new sw.js): `files`, cached when the service worker installs (everything
//   the page, its workers and the plain engine need, and the fonts), `lazy`, cached on first use (the
//   threaded engine in pkg/, which only the Estimate tab of a cross-origin isolated page loads), and
//   `sha256`, which every file fetched must match before the worker keeps it.
//
// Usage: node scripts/build-offline.mjs DIR
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';

const PLACEHOLDER = "const BUILD = { version: 'dev', files: [], lazy: [], sha256: {} };";
/** The build's manifest, in DIR. */
export const MANIFEST = 'build.json';

/** Every file under `dir`, as a path relative to `root` with '/' between segments. */
function walk(root, dir = root) {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(root, path) : [relative(root, path).split(sep).join('/')];
  });
}

/** Whether the browser may ask for `file` (not a precompressed copy, a type declaration, _headers, sw.js or the manifest). */
const served = (file) => !/\.(br|gz)$|\.d\.ts$/.test(file) && !['_headers', 'sw.js', MANIFEST].includes(file);

/** The modules `entry` (a path under `dir`) imports statically, directly or not, itself included, in order. */
export function moduleGraph(dir, entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(join(dir, file), 'utf8');
    // `import ... from '...'` and `import '...'` at the start of a line; not `import(...)`.
    for (const [, spec] of source.matchAll(/^\s*(?:import\s*|(?:import|export)\b[^;'"(]*?\bfrom\s*)['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      visit(posix.normalize(posix.join(posix.dirname(file), spec)));
    }
  };
  visit(entry);
  return [...seen];
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * {version, files, lazy, sha256} of the site in `dir` (index.html is listed as './', the page): `sha256`
 * maps each file to the sha256 of its content, `version` is the start of the manifest's own hash.
 */
export function buildList(dir) {
  const all = walk(dir).filter(served).sort();
  const page = (f) => (f === 'index.html' ? './' : f);
  const hashes = Object.fromEntries(all.map((f) => [page(f), sha256(readFileSync(join(dir, f)))]));
  return {
    version: sha256(JSON.stringify(hashes)).slice(0, 16),
    files: all.filter((f) => !f.startsWith('pkg/')).map(page),
    lazy: all.filter((f) => f.startsWith('pkg/')),
    sha256: hashes,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node scripts/build-offline.mjs DIR');
  const html = join(dir, 'index.html');
  const script = '<script type="module" src="js/app.js"></script>';
  const page = readFileSync(html, 'utf8');
  if (!page.includes(script)) throw new Error(`build-offline: ${html} has no ${script}`);
  const modules = moduleGraph(dir, 'js/app.js').slice(1);
  // The plain engine's WebAssembly too (wasm.js fetches it once app.js runs: by then it is on its way).
  // First, at low priority: asked for at once, it takes what bandwidth the first screen leaves (at high
  // priority the board came later; fetched only once app.js runs, the engine did).
  const links = ['<link rel="preload" href="pkg-st/shogi_reach_bg.wasm" as="fetch" crossorigin fetchpriority="low">',
    ...modules.map((m) => `<link rel="modulepreload" href="${m}">`)].map((l) => `${l}\n  `).join('');
  writeFileSync(html, page.replace(script, links + script));
  // The list and version last, over the page as it is served.
  const sw = readFileSync(join(dirname(new URL(import.meta.url).pathname), '../www/sw.js'), 'utf8');
  if (!sw.includes(PLACEHOLDER)) throw new Error('build-offline: www/sw.js has no BUILD placeholder');
  const build = buildList(dir);
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify({ version: build.version, files: build.sha256 }, null, 1)}\n`);
  writeFileSync(join(dir, 'sw.js'), sw.replace(PLACEHOLDER, `const BUILD = ${JSON.stringify(build)};`));
  console.log(`offline: ${modules.length} modules preloaded; service worker ${build.version}: ` +
    `${build.files.length} files cached on install, ${build.lazy.length} on first use`);
}
