// No code decides between games by name outside the one place that may (docs/architecture.md): `node
// scripts/game-names.mjs` exits 1 and names each line of the Rust sources (crate/*/src; test modules left
// out, as tests and benchmarks may name the games they measure) or of the page's scripts (www/js) that
// spells a game: a variant of `Game` (`Game::Shogi`) or a game's name as a string (`"judkins"`), the games
// as board/variant.rs declares them. A game's facts are trait items, asked for by type or through
// `with_game!`, and the page reads them from the engine's facts.
//
// The one place: crate/engine/src/board/variant.rs (the games, their names and `with_game!`). The page's
// generated facts (www/js/game/games.generated.js) are the engine's output, written out. Comments may name
// games.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { filesUnder } from './files.mjs';

const ROOT = join(import.meta.dirname, '..');
const ALLOWED = ['crate/engine/src/board/variant.rs', 'www/js/game/games.generated.js'];

/** The games as board/variant.rs declares them: the `Game` enum's variants and each `Variant::NAME`. */
export function declaredGames(text = readFileSync(join(ROOT, ALLOWED[0]), 'utf8')) {
  const body = text.match(/pub enum Game \{([\s\S]*?)\n\}/)?.[1] ?? '';
  const variants = [...body.matchAll(/^\s*([A-Z]\w*),?\s*$/gm)].map((m) => m[1]);
  const names = [...text.matchAll(/const NAME: &'static str = "(\w+)";/g)].map((m) => m[1]);
  if (variants.length < 2 || names.length !== variants.length) throw new Error('board/variant.rs: games not found');
  return { variants, names };
}

const GAMES = declaredGames();

/** The lines of Rust source `text` that name a game: `[line number, line]`. */
export function rustNameChecks(text) {
  // A file's test module comes last; tests may name the games they test.
  const code = text.split(/^#\[cfg\(test\)\]/m)[0];
  const name = new RegExp(`Game::(${GAMES.variants.join('|')})\\b|"(${GAMES.names.join('|')})"`);
  return matches(code, /^\s*\/\/.*$/, name);
}

/** The lines of the page's script `text` that name a game. */
export function jsNameChecks(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  return matches(code, /^\s*\/\/.*$/, new RegExp(`(['"\`])(${GAMES.names.join('|')})\\1`));
}

function matches(code, comment, name) {
  return code
    .split('\n')
    .map((line, i) => [i + 1, line.replace(comment, '').replace(/\s\/\/\s.*$/, '')])
    .filter(([, line]) => name.test(line));
}

/** Every line outside the allowed files that names a game, as `path:line: text`. */
export function nameChecks() {
  const crates = readdirSync(join(ROOT, 'crate'))
    .map((c) => join(ROOT, 'crate', c, 'src'))
    .filter(existsSync);
  const sources = [
    ...crates.flatMap((src) => filesUnder(src, ['.rs']).map((path) => [path, rustNameChecks])),
    ...filesUnder(join(ROOT, 'www/js'), ['.js']).map((path) => [path, jsNameChecks]),
  ];
  return sources
    .filter(([path]) => !ALLOWED.includes(relative(ROOT, path)))
    .flatMap(([path, check]) =>
      check(readFileSync(path, 'utf8')).map(([n, line]) => `${relative(ROOT, path)}:${n}: ${line.trim()}`),
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = nameChecks();
  for (const line of found) console.error(`a game named outside board/variant.rs: ${line}`);
  if (found.length > 0) process.exit(1);
}
