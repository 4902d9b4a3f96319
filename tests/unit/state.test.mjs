// page/state.js: the page's state in one place; a change reaches the subscribers of the keys it changed,
// once each, in the order they subscribed, and no one for a value set again unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PageState } from '../../www/js/page/state.js';

const initial = () => new PageState({
  game: 'shogi', start: null, sfen: 'a', tree: null, cursor: [], labels: 'kanji', flipped: false, language: 'en', tab: 'position', estimating: false,
});

test('a change reaches the subscribers of its keys, in order, each once, with the state after it', () => {
  const state = initial();
  const heard = [];
  state.subscribe(['sfen', 'game'], (s, changed) => heard.push(['position', s.game, s.sfen, changed]));
  state.subscribe(['labels'], (s) => heard.push(['labels', s.labels]));
  state.subscribe(['labels', 'sfen'], (s, changed) => heard.push(['both', changed]));
  state.set({ sfen: 'b', game: 'minishogi' });
  state.set({ labels: 'western' });
  assert.deepEqual(heard, [
    ['position', 'minishogi', 'b', ['sfen', 'game']],
    ['both', ['sfen', 'game']],
    ['labels', 'western'],
    ['both', ['labels']],
  ]);
  assert.equal(state.get('labels'), 'western');
});

test('a value set again unchanged reaches no one; the state handed over cannot be changed', () => {
  const state = initial();
  let calls = 0;
  let seen = null;
  state.subscribe(['flipped', 'tab'], (s) => {
    calls++;
    seen = s;
  });
  state.set({ flipped: false, tab: 'position' });
  assert.equal(calls, 0);
  state.set({ flipped: true });
  assert.equal(calls, 1);
  assert.throws(() => {
    seen.flipped = false;
  }, TypeError);
  assert.equal(state.get('flipped'), true);
});
