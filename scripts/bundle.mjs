// Build step of scripts/build.sh: the site's JavaScript (www/js, 69 modules) as a few files in OUT/js, so
// that a page load fetches three of them instead of about sixty modules (fewer round trips on a phone,
// and about a quarter less CPU per load in the browser). Bundled by esbuild, neither minified nor renamed: what runs is
// still the source, line for line, with its comments.
// - the page, js/app.js, with the walkthrough (imported when the How it works tab first opens) split off
//   into a chunk beside it;
// - each worker, at the path of its source (js/engine/engine-worker.js, …), so that what it loads at run
//   time by a path relative to itself (wasm-bindgen's glue in pkg/ and pkg-st/) is where it was.
// A worker's or another file's URL written as `new URL('./x.js', import.meta.url)` is relative to its
// module's source; in a bundle `import.meta.url` is the bundle's, so each such literal is rewritten to the
// same file seen from the bundle. A literal naming a module that is not an entry (so not in OUT) fails
// the build.
//
// Usage: node scripts/bundle.mjs OUT
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const WWW = join(ROOT, 'www');
const PAGE = 'js/app.js';
const WORKERS = [
  'js/engine/engine-worker.js', 'js/estimate/estimate-worker.js', 'js/walkthrough/walkthrough-worker.js',
];
const URL_LITERAL = /new URL\((['"])(\.{1,2}\/[^'"]+)\1, import\.meta\.url\)/g;

/** Rewrites each module's `new URL('…', import.meta.url)` for a bundle whose files lie in `outDir` (under www). */
const relativeUrls = (outDir) => ({
  name: 'relative-urls',
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async ({ path }) => {
      const source = relative(WWW, path).split(sep).join('/');
      const contents = (await readFile(path, 'utf8')).replace(URL_LITERAL, (_, quote, spec) => {
        const target = posix.join(posix.dirname(source), spec);
        if (target.startsWith('js/') && target !== PAGE && !WORKERS.includes(target)) {
          throw new Error(`${source}: ${spec} names a module that is not bundled on its own (add it to WORKERS)`);
        }
        const seen = posix.relative(outDir, target);
        return `new URL(${quote}${seen.startsWith('.') ? seen : `./${seen}`}${quote}, import.meta.url)`;
      });
      return { contents, loader: 'js' };
    });
  },
});

const common = { bundle: true, format: 'esm', target: 'es2022', charset: 'utf8', logLevel: 'warning' };

const out = process.argv[2];
if (!out) throw new Error('usage: node scripts/bundle.mjs OUT');
await build({
  ...common,
  entryPoints: [join(WWW, PAGE)],
  outdir: join(out, posix.dirname(PAGE)),
  splitting: true,
  chunkNames: '[name]-[hash]',
  plugins: [relativeUrls(posix.dirname(PAGE))],
});
for (const worker of WORKERS) {
  const plugins = [relativeUrls(posix.dirname(worker))];
  await build({ ...common, entryPoints: [join(WWW, worker)], outfile: join(out, worker), plugins });
}
