// The How it works tab's texts (www/js/walkthrough/text-*.js) and the Estimate tab's opening lines: the
// same keys in both languages, only the agreed term keys marked up, and the markup read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../www/js/walkthrough/text-en.js';
import ja from '../../www/js/walkthrough/text-ja.js';
import pageEn from '../../www/js/i18n/en.js';
import pageJa from '../../www/js/i18n/ja.js';
import { plainText } from '../../www/js/page/term-text.js';
import { scientific } from '../../www/js/walkthrough/text.js';

// The terms another module explains (page/terms.js's glossary).
const TERMS = new Set([
  'pk', 'kk', 'rank', 'candidate', 'mirror', 'stage-flip', 'stage-piece', 'stage-king', 'stage-prev', 'stage-reach',
  'sigma3', 'node-cap', 'shard', 'unknown', 'traced-back', 'proof-game', 'sample',
]);
const ESTIMATE_INTRO = ['estIntro1', 'estIntro2', 'estIntro3'];

/** Every text of a dictionary, functions called with sample arguments. */
const texts = (dictionary) =>
  Object.entries(dictionary).map(([key, text]) => [key, typeof text === 'function' ? text(3, 7, 2) : text]);

test('both languages have the same walkthrough texts, each a string with no missing argument', () => {
  assert.deepEqual(Object.keys(ja).sort(), Object.keys(en).sort());
  for (const key of Object.keys(en)) assert.equal(typeof ja[key], typeof en[key], key);
  for (const [key, text] of [...texts(en), ...texts(ja)]) {
    assert.ok(typeof text === 'string' && text.length > 0 && !/undefined|\[object/.test(text), `${key}: ${text}`);
  }
});

test('terms are marked with the agreed keys only, and every step names some', () => {
  const all = [...texts(en), ...texts(ja), ...ESTIMATE_INTRO.flatMap((k) => [[k, pageEn[k]], [k, pageJa[k]]])];
  const used = new Set();
  for (const [key, text] of all) {
    for (const [, term] of text.matchAll(/\[\[([^|\]]*)\|/g)) {
      assert.ok(TERMS.has(term), `${key}: unknown term ${term}`);
      used.add(term);
    }
    assert.ok(!/\[\[|\]\]/.test(plainText(text)), `${key}: unclosed markup`);
  }
  for (const term of ['pk', 'kk', 'rank', 'candidate', 'mirror', 'sigma3', 'sample', 'shard']) assert.ok(used.has(term), term);
  for (const stage of ['flip', 'piece', 'king', 'prev', 'reach']) assert.ok(used.has(`stage-${stage}`), stage);
});

test('plainText keeps the words of a term; scientific writes m × 10^e', () => {
  assert.equal(plainText('the [[pk|P_K]] and [[kk|KK positions]].'), 'the P_K and KK positions.');
  assert.equal(scientific(6.5506e68), '6.551 × 10^68');
  assert.equal(scientific(2.3774e18, 3), '2.38 × 10^18');
  assert.equal(scientific(0.125), '0.1250');
});
