// www/js/page/fonts.js: which text a loaded font file's unicode-range concerns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRanges, touches } from '../../www/js/page/fonts.js';

test('unicode-range lists: single code points, ranges, wildcards; anything else is skipped', () => {
  assert.deepEqual(parseRanges('U+4E00, U+5168-516a'), [[0x4e00, 0x4e00], [0x5168, 0x516a]]);
  assert.deepEqual(parseRanges('U+4??'), [[0x400, 0x4ff]]);
  assert.deepEqual(parseRanges('nonsense, U+30'), [[0x30, 0x30]]);
});

test('text is touched by a range when it has a character beyond ASCII in it', () => {
  const ranges = parseRanges('U+4E00, U+56DB');
  assert.equal(touches('rank 一', ranges), true);
  assert.equal(touches('四', ranges), true);
  assert.equal(touches('五六', ranges), false);
  assert.equal(touches('plain', parseRanges('U+0-7F')), false);
});
