// game/games.js: the games' facts are the engine's (games.generated.js, which a CLI test keeps equal to
// `shogi-reach games --json`), and the page keeps no copy of them: no start or handicap position, |P_K|,
// figure of the papers, funnel row or stage list in www/js outside the generated module and the texts.
// The presets: the engine's starts and handicaps, and a 詰将棋 set-up that holds the whole piece set. No
// module compares a game's name: what differs (the export formats too) is a fact of the engine's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { FACTS } from '../../www/js/game/games.generated.js';
import { GAMES } from '../../www/js/game/games.js';
import { boxCounts, parseSfen, toSfen } from '../../www/js/game/sfen.js';

const WWW_JS = new URL('../../www/js/', import.meta.url).pathname;

/** The page's code: every module of www/js but the generated one and the texts (i18n/, walkthrough/text-*.js). */
function pageCode(dir = WWW_JS) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : pageCode(path);
    const file = relative(WWW_JS, path);
    const text = /^walkthrough\/text-\w+\.js$/.test(file) || file === 'game/games.generated.js';
    return name.endsWith('.js') && !text ? [file] : [];
  });
}

test('the page keeps no copy of the engine’s facts', () => {
  const facts = [];
  for (const g of FACTS.games) {
    facts.push(g.start.split(' ')[0], g.candidates, ...g.handicaps.map((h) => h.sfen.split(' ')[0]));
    facts.push(...g.published.funnel.map(([, count]) => String(count)), String(g.published.samples));
  }
  const rows = FACTS.funnel.map((f) => f.row);
  const files = pageCode();
  assert.ok(files.includes('game/games.js') && files.length > 50, files.join(' '));
  for (const file of files) {
    const code = readFileSync(join(WWW_JS, file), 'utf8');
    for (const fact of facts) assert.ok(!code.includes(fact), `${file} holds ${fact}`);
    for (const row of rows) assert.ok(!code.includes(`'${row}'`), `${file} names the funnel row ${row}`);
    // A list of stage names: three quoted in a row.
    const stages = FACTS.stages.map((s) => s.name).join('|');
    assert.doesNotMatch(code, new RegExp(`'(${stages})',\\s*'(${stages})',\\s*'(${stages})'`), file);
  }
});

test('the page decides nothing by a game’s name: what differs between games is in the engine’s facts', () => {
  const names = FACTS.games.map((g) => g.name).join('|');
  const check = new RegExp(`(===|!==)\\s*'(${names})'|'(${names})'\\s*(===|!==)|case '(${names})'`);
  for (const file of pageCode()) {
    const code = readFileSync(join(WWW_JS, file), 'utf8');
    assert.doesNotMatch(code, check, `${file} compares a game's name`);
  }
  // The export formats are the engine's: CSA for 9×9 Shogi only.
  assert.deepEqual(GAMES.shogi.exportFormats, ['kif', 'kifu', 'ki2', 'ki2u', 'usi', 'csa', 'bod']);
  assert.ok(!GAMES.minishogi.exportFormats.includes('csa'));
});

test('the presets and the play mode’s starts are the engine’s start and handicap starts', () => {
  for (const g of FACTS.games) {
    const v = GAMES[g.name];
    assert.deepEqual([v.width, v.height, v.start, v.candidates], [g.width, g.height, g.start, g.candidates]);
    const handicaps = g.handicaps.map((h) => h.sfen);
    assert.deepEqual(v.playStarts.map((p) => p.sfen), [g.start, ...handicaps], g.name);
    const presets = v.presets.map((p) => p.sfen);
    for (const sfen of [g.start, ...handicaps]) assert.ok(presets.includes(sfen), sfen);
    for (const sfen of handicaps) assert.equal(parseSfen(g.name, sfen).side, 'w', `${sfen}: Gote moves first`);
    assert.equal(v.paper.samples, g.published.samples);
  }
  assert.ok(FACTS.games[0].handicaps.length >= 9, 'the handicaps of Shogi');
});

test('the tsume set-up: Gote’s king alone, every other piece but Sente’s king in Gote’s hand', () => {
  for (const game of ['shogi', 'minishogi']) {
    const { sfen } = GAMES[game].presets.find((p) => p.key === 'presetTsume');
    const setup = parseSfen(game, sfen);
    assert.equal(toSfen(setup), sfen);
    assert.deepEqual(setup.cells.filter(Boolean), ['k']);
    const box = boxCounts(setup);
    assert.deepEqual(Object.entries(box).filter(([, n]) => n !== 0), [['K', 1]]);
    assert.ok(Object.values(setup.hands[0]).every((n) => n === 0));
  }
});
