// engine/errors.js, the dictionaries and engine/files.js: the engine's errors said in the page's language
// (English under Node), and files refused by their size before they are read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../www/js/i18n/en.js';
import ja from '../../www/js/i18n/ja.js';
import { errorText } from '../../www/js/engine/errors.js';
import { checkSize, readBytes, readText } from '../../www/js/engine/files.js';

test('the engine error texts: the same kinds in both dictionaries, each saying something with any parameters', () => {
  const kinds = (dictionary) => Object.keys(dictionary).filter((k) => k.startsWith('engine:')).sort();
  assert.deepEqual(kinds(ja), kinds(en));
  assert.ok(kinds(en).length >= 40, `${kinds(en).length} kinds`);
  // Parameters that are at once text, number and list, so every text can use them as it wants.
  const params = new Proxy({}, { get: () => Object.assign(['6i5h', '4i5h'], { toString: () => '7' }) });
  for (const dictionary of [en, ja]) {
    for (const key of kinds(dictionary)) {
      const text = key === 'engine:at-line' ? dictionary[key](3, 'x') : dictionary[key](params, 'cause');
      assert.ok(typeof text === 'string' && text.length > 3 && !/undefined|\[object/.test(text), `${key}: ${text}`);
    }
  }
});

test('errorText: a known kind in words, with its line and its cause; else the message', () => {
  const kind = { kind: 'unknown-game', params: { name: 'chess' }, message: 'english' };
  assert.equal(errorText(kind), en['engine:unknown-game']({ name: 'chess' }));
  assert.equal(errorText({ ...kind, params: { name: 'chess', line: 4 } }), `line 4: ${errorText(kind)}`);
  assert.equal(errorText({ kind: 'no-such-kind-ever', params: {}, message: 'the message' }), 'the message');
  assert.equal(errorText(new Error('plain')), 'plain');
  assert.equal(errorText('text'), 'text');
  assert.match(errorText({ workerFailed: 'could not start' }), /could not start/);
});

test('files larger than the limit are refused by their size, unread, with the engine kind', async () => {
  const file = new File([new Uint8Array(10)], 'big.kif');
  assert.throws(() => checkSize(file, 9, 'record-too-large'), (e) =>
    e.kind === 'record-too-large' && e.params.bytes === 10 && e.params.max === 9 && e.params.file === 'big.kif');
  let read = false;
  const spy = Object.assign(new File(['x'.repeat(10)], 'r.json'), { slice: () => (read = true) });
  await assert.rejects(readBytes(spy, 5, 'report-too-large'), (e) => e.kind === 'report-too-large');
  assert.equal(read, false);
  assert.deepEqual([...(await readBytes(file, 10, 'record-too-large'))], new Array(10).fill(0));
  assert.equal(await readText(new File(['局面'], 'a.txt'), 100, 'record-too-large'), '局面');
});
