// game/variants.js: the handicap starts are those the engine's records know (handicap.rs, read here, so
// a change on either side fails), and the 詰将棋 set-up holds the whole piece set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { VARIANTS } from '../../www/js/game/variants.js';
import { boxCounts, parseSfen, toSfen } from '../../www/js/game/sfen.js';

const rust = readFileSync(new URL('../../crate/engine/src/records/formats/handicap.rs', import.meta.url), 'utf8');
const ENGINE = Object.fromEntries([...rust.matchAll(/\("([^"]+)", Game::Shogi, "([^"]+)"\)/g)].map((m) => [m[1], m[2]]));
const NAMES = {
  presetLance: '香落ち', presetBishop: '角落ち', presetRook: '飛車落ち', presetRookLance: '飛香落ち',
  presetTwo: '二枚落ち', presetFour: '四枚落ち', presetSix: '六枚落ち', presetEight: '八枚落ち', presetTen: '十枚落ち',
};

test('every handicap start is the engine’s, in the presets and the play starts', () => {
  const presets = Object.fromEntries(VARIANTS.shogi.presets);
  const starts = Object.fromEntries(VARIANTS.shogi.playStarts);
  for (const [key, name] of Object.entries(NAMES)) {
    assert.ok(ENGINE[name], `the engine knows ${name}`);
    assert.equal(presets[key], ENGINE[name], name);
    assert.equal(starts[key], ENGINE[name], name);
    assert.equal(parseSfen('shogi', presets[key]).side, 'w', `${name}: Gote moves first`);
  }
  assert.equal(starts.presetInitial, ENGINE['平手']);
  assert.equal(VARIANTS.minishogi.playStarts[0][1], VARIANTS.minishogi.start);
});

test('the tsume set-up: Gote’s king alone, every other piece but Sente’s king in Gote’s hand', () => {
  for (const variant of ['shogi', 'minishogi']) {
    const sfen = Object.fromEntries(VARIANTS[variant].presets).presetTsume;
    const setup = parseSfen(variant, sfen);
    assert.equal(toSfen(setup), sfen);
    assert.deepEqual(setup.cells.filter(Boolean), ['k']);
    const box = boxCounts(setup);
    assert.deepEqual(Object.entries(box).filter(([, n]) => n !== 0), [['K', 1]]);
    assert.ok(Object.values(setup.hands[0]).every((n) => n === 0));
  }
});
