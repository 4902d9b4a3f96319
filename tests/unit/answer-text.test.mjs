// The answer card's decisions that need no page: the kind of answer and the node cap offered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerKind, raisedCap } from '../../www/js/panels/answer-text.js';

test('each verdict gets its kind of answer; anything else is unknown', () => {
  assert.equal(answerKind({ verdict: 'reachable' }), 'reachable');
  assert.equal(answerKind({ verdict: 'unreachable' }), 'unreachable');
  assert.equal(answerKind({ verdict: 'unknown' }), 'unknown');
  assert.equal(answerKind({ verdict: 'something new' }), 'unknown');
});

test('the cap offered is ten times the one hit, never past the most the engine takes', () => {
  assert.equal(raisedCap(1_000_000, 1e9), 10_000_000);
  assert.equal(raisedCap(200_000_000, 1e9), 1e9);
  assert.equal(raisedCap(1e9, 1e9), null);
  assert.equal(raisedCap(1, 1e9), 10);
});
