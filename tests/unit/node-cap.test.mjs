// panels/node-cap.js: the node cap typed in the Position tab, read or refused with a message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_NODE_CAP, NodeCapError, parseNodeCap } from '../../www/js/panels/node-cap.js';

test('whole numbers from 1 to 1e9 written in digits are read', () => {
  assert.equal(parseNodeCap('1'), 1);
  assert.equal(parseNodeCap(' 1000000 '), 1e6);
  assert.equal(parseNodeCap('1000000000'), MAX_NODE_CAP);
});

test('anything else is refused, saying what was typed and the rule', () => {
  for (const text of ['0', '1000000001', '1e6', '-5', '2.5', '0x10', '１０', 'many']) {
    assert.throws(() => parseNodeCap(text), (e) => e instanceof NodeCapError && e.message.includes(text) && /1,000,000,000/.test(e.message), text);
  }
  assert.throws(() => parseNodeCap('  '), (e) => e instanceof NodeCapError && !e.message.includes('""'));
});
