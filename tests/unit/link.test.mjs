// page/link.js: what a link asks for, read safely, and the position written back into the address bar.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLink, writeLink } from '../../www/js/page/link.js';
import { toSfen } from '../../www/js/game/sfen.js';
import { GAMES } from '../../www/js/game/games.js';

test('no link: Shogi at the start, kanji, no notice', () => {
  const link = readLink('');
  assert.equal(link.game, 'shogi');
  assert.equal(link.labels, 'kanji');
  assert.equal(toSfen(link.setup), GAMES.shogi.start);
  assert.deepEqual([link.badSfen, link.notices, link.tab], [null, [], null]);
});

test('game, position, labels and tab as asked', () => {
  const sfen = '4k/5/5/5/K4 b RBGSPrbgsp 1';
  const link = readLink(`?game=minishogi&sfen=${encodeURIComponent(sfen)}&labels=western&tab=estimate`);
  assert.equal(link.game, 'minishogi');
  assert.equal(toSfen(link.setup), sfen);
  assert.equal(link.labels, 'western');
  assert.equal(link.tab, 'estimate');
});

test('an unknown game falls back to the game of the SFEN, saying so', () => {
  const link = readLink(`?game=chess&sfen=${encodeURIComponent(GAMES.minishogi.start)}`);
  assert.equal(link.game, 'minishogi');
  assert.equal(link.notices.length, 1);
  assert.match(link.notices[0], /chess/);
  assert.equal(readLink('?game=__proto__').game, 'shogi');
  assert.equal(readLink('?labels=fancy').labels, 'kanji');
});

test('a position that is not SFEN as the engine writes it gives the start, kept for the engine to read', () => {
  for (const text of ['4k4/9 b - 1', 'K1G1g/rbB1+r/+S3p/5/1sk2[p] w']) {
    const link = readLink(`?sfen=${encodeURIComponent(text)}`);
    assert.equal(link.badSfen, text);
    assert.equal(toSfen(link.setup), GAMES[link.game].start);
    assert.deepEqual(link.notices, [], 'the engine says what is wrong, once it has read it');
  }
});

test('writeLink puts the game, the position and western labels into the address, in place', () => {
  const calls = [];
  globalThis.location = { href: 'https://example.org/?lang=ja&labels=western' };
  globalThis.history = { replaceState: (...args) => calls.push(args) };
  try {
    writeLink('minishogi', GAMES.minishogi.start, 'kanji');
    const url = new URL(calls[0][2]);
    assert.equal(url.searchParams.get('game'), 'minishogi');
    assert.equal(url.searchParams.get('sfen'), GAMES.minishogi.start);
    assert.equal(url.searchParams.get('labels'), null);
    assert.equal(url.searchParams.get('lang'), 'ja');
    writeLink('shogi', GAMES.shogi.start, 'western');
    assert.equal(new URL(calls[1][2]).searchParams.get('labels'), 'western');
    assert.equal(readLink(new URL(calls[1][2]).search).labels, 'western');
  } finally {
    delete globalThis.location;
    delete globalThis.history;
  }
});
