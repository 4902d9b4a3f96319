// Words a visitor understands (i18n/plural.js, the glossaries, the dictionaries' counts): English plurals
// right for one, the same glossary in both languages, and no SFEN letter, stage code or English unit in the
// Japanese messages that used to show them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../www/js/i18n/en.js';
import ja from '../../www/js/i18n/ja.js';
import { counted, isOne, plural } from '../../www/js/i18n/plural.js';

test('plural: one thing is singular, anything else plural, whether given as a number or as its text', () => {
  assert.equal(plural(1, 'position'), 'position');
  assert.equal(plural(2, 'position'), 'positions');
  assert.equal(plural(0, 'ply', 'plies'), 'plies');
  assert.equal(plural(1n, 'sample'), 'sample');
  assert.equal(plural('1', 'move'), 'move');
  assert.equal(plural('1,000', 'move'), 'moves');
  assert.equal(plural('1\u202f000', 'move'), 'moves');
  assert.equal(plural('11', 'move'), 'moves');
  assert.equal(plural('1.5', 'day'), 'days');
  assert.equal(counted(1, 'ply', 'plies'), '1 ply');
  assert.equal(counted('12,345', 'position'), '12,345 positions');
  assert.ok(isOne(1) && isOne('1') && !isOne(0) && !isOne('10') && !isOne(-1));
});

test('English counts: "1 ply", "1 position", "1 sample", "1 move" wherever a count is written', () => {
  const one = [
    en.searchProgress('1', '1', 0),
    en.verdictDetail('reach', 1, { pops: '1', nodes: '1', seconds: '0.01' }, 1),
    en.shortSearchProgress('1', '0.1'),
    en.wholeGameHeading(1),
    en.noShorter(1),
    en.shortestGame(1),
    en.kkGame(1),
    en.captionStart('Initial position', 1),
    en.runStatus('running', '1', '1', '1', en.modeThreads(1), '0.1', null),
    en.planText(1, '1', '0', null, '1'),
    en.savedResume('1', '1'),
    en.mergeDone(1, '1', '1'),
    en.certReach('1', 1),
    en.certTooLarge('1'),
    en.answerGame(1),
    en.answerProof(1),
    en.answerUnknown('1', true),
    en.recordRead('', 'KIF', 'Shogi', 1),
    en.retroCount(1, 1),
    en['engine:record-ply-out-of-range']({ ply: 3, plies: 1 }),
    en['engine:sfen-fields']({ found: 1 }),
  ];
  for (const text of one) {
    assert.doesNotMatch(text, /\b1 (plies|positions|samples|moves|threads|fields|shard files|significant digits)\b/, text);
  }
  assert.match(en.verdictDetail('reach', null, null, 1), /1 ply\b/);
  assert.match(en.verdictDetail('reach', null, null, 3), /3 plies/);
  assert.match(en.answerUnknown('2', true), /2 positions/);
  assert.match(en.runStatus('running', '5', '10', '3', 'm', '1.0', null), /5 of 10 samples, 3 samples\/s/);
});

test('the KK route\'s parts: an empty part is left out, never written backwards (45–44)', () => {
  for (const d of [en, ja]) {
    const text = d.kkParts(44, 0, 44);
    assert.doesNotMatch(text, /45/, text);
    assert.match(d.kkParts(44, 0, 50), /45(–|〜)50/);
    assert.doesNotMatch(d.kkParts(44, 0, 50), /45(–|〜)44/);
    assert.match(d.kkParts(44, 3, 50), /45(–|〜)47.*48(–|〜)50/);
  }
  assert.equal(en.kkParts(44, 0, 44), 'Moves 1–44: to a KK position.');
  assert.equal(ja.kkParts(44, 0, 44), '1〜44手：KK局面へ。');
});

test('with no short search (budget none) the KK game does not claim the search found nothing shorter', () => {
  assert.doesNotMatch(en.kkGameNoSearch(44), /found nothing shorter/);
  assert.match(en.kkGame(44), /found nothing shorter/);
  assert.doesNotMatch(ja.kkGameNoSearch(44), /見つけませんでした/);
});

test('the glossary: the same terms in both languages, the ones other pages rely on, each a sentence or two', () => {
  const terms = (d) => Object.keys(d).filter((k) => k.startsWith('term:')).sort();
  assert.deepEqual(terms(ja), terms(en));
  const needed = ['pk', 'kk', 'rank', 'candidate', 'mirror', 'stage-count', 'stage-flip', 'stage-piece', 'stage-king',
    'stage-prev', 'stage-reach', 'stage-ok', 'sigma3', 'node-cap', 'shard', 'unknown', 'traced-back', 'proof-game', 'sample'];
  for (const key of needed) assert.ok(terms(en).includes(`term:${key}`), key);
  for (const d of [en, ja]) {
    for (const key of terms(d)) {
      const sentences = d[key].split(/[.。](\s|$)/).filter((s) => s.trim()).length;
      assert.ok(d[key].length > 30 && sentences <= 3, `${key}: ${d[key]}`);
    }
    // Every term a sentence can name has an entry.
    for (const key of Object.keys(d.termWords)) assert.ok(Object.hasOwn(d, `term:${key}`), key);
  }
});

test('Japanese: pieces by their names, stages in Japanese, one word for samples, seconds as 秒', () => {
  assert.equal(ja.boxEmpty('P', 18), '駒箱に歩が残っていません（このゲームは18枚）');
  assert.doesNotMatch(ja.noSuchPiece('五五将棋', 'N'), /\bN\b/);
  assert.doesNotMatch(ja.tooManyItem('P', 2, 18), /P/);
  for (const code of ['count', 'flip', 'piece', 'king', 'prev', 'reach', 'OK', 'unknown']) {
    const texts = [ja.stageName(code), ja.verdictDetail(code, null, null, 1), ja.certRules(code), ja.answerUnreachable(code, 'x')];
    for (const text of texts) assert.doesNotMatch(text, new RegExp(`\\b${code}\\b`), text);
  }
  const all = Object.values(ja).filter((v) => typeof v === 'string').join('');
  const calls = ['planText', 'savedResume', 'savedStatus', 'mergeDone'].map((k) => ja[k](3, '1', '1', '1 分', '1'));
  assert.doesNotMatch(all + calls.join(''), /サンプル/);
  assert.match(ja.durationS(40), /^40秒$/);
  assert.equal(ja['engine:king-in-hand'](), '玉は持ち駒にできません');
});
