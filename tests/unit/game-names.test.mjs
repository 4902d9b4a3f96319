// No code decides between games by name outside board/variant.rs (scripts/game-names.mjs): the repository
// passes, and the scan finds a name check where one is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { declaredGames, jsNameChecks, nameChecks, rustNameChecks } from '../../scripts/game-names.mjs';

test('no source outside board/variant.rs names a game', () => {
  assert.deepEqual(nameChecks(), []);
});

test('a game named in Rust code is found; in comments and test modules it is not', () => {
  const rust = [
    '/// Shogi unless "minishogi" is named.',
    'fn f(game: Game) -> bool {',
    '    // Game::Shogi is the default',
    '    game == Game::MiniShogi',
    '}',
    'const N: &str = "shogi";',
    '    if game == Game::Judkins { "judkins" } else { "" }',
    '#[cfg(test)]',
    'mod tests { const G: Game = Game::Shogi; }',
  ].join('\n');
  assert.deepEqual(
    rustNameChecks(rust).map(([n]) => n),
    [4, 6, 7],
  );
});

test('the games are read from board/variant.rs', () => {
  const { variants, names } = declaredGames();
  assert.deepEqual(variants, ['Shogi', 'MiniShogi', 'Judkins']);
  assert.deepEqual(names, ['shogi', 'minishogi', 'judkins']);
});

test('a game named in the page is found; in comments it is not', () => {
  const js = [
    '/** The default, "shogi". */',
    "if (game === 'minishogi') flip();",
    '// fall back to `shogi`',
    'const name = `shogi`;',
    "const other = 'shogi-reach';",
    "if (game === 'judkins') wide();",
  ].join('\n');
  assert.deepEqual(
    jsNameChecks(js).map(([n]) => n),
    [2, 4, 6],
  );
});
