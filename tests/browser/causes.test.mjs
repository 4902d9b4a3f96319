// The cause of an unreachable verdict on the answer card: one sentence naming the pieces and squares, in
// the page's words (Japanese: ５五 squares, kanji pieces, no Latin letter), and the same squares marked on the
// main board; the certificate leads with it. The engine's causes (`prove --json`) are the reference.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, launchPhones, phoneContext, SHOGI_NO_PREV, useChromium } from '../site.mjs';

const site = useChromium();
const { onPage } = site;

const FULL_WIDTH = '０１２３４５６７８９';
const ja = (sq) => `${FULL_WIDTH[Number(sq[0])]}${'一二三四五六七八九'[sq.charCodeAt(1) - 97]}`;

// One position of each kind, with the stage that rules it out.
const CASES = [
  ['shogi', SHOGI_NO_PREV, 'prev', 'double-check'],
  ['shogi', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPP1PPPPP/1B5R1/LNSGKGSNL b - 1', 'piece', 'two-pawns'],
  ['shogi', '4k4/9/9/9/4R4/9/9/9/4K4 b B2G2S2N2L9Prb2g2s2n2l9p 1', 'king', 'waiting-in-check'],
  ['minishogi', 'Pbsgk/4p/5/5/KGSBR b r 1', 'piece', 'dead-piece'],
  ['shogi', 'lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1', 'count', 'missing'],
];

/** The squares marked on the main board, by their USI names. */
const marked = (page, width) =>
  page.$$eval('#board .sq.bad', (cells, w) => cells.map((c) => {
    const i = Number(c.dataset.square);
    return `${w - (i % w)}${String.fromCharCode(97 + Math.floor(i / w))}`;
  }), width);

async function answerOf(page, stage) {
  await page.click('#prove');
  await page.waitForSelector(`#verdict[data-verdict="unreachable"][data-stage="${stage}"]`, { timeout: 30_000 });
  return page.textContent('#answer-text');
}

async function checkCases(t, lang, context) {
  for (const [game, sfen, stage, kind] of CASES) {
    const { causes } = JSON.parse(cli('prove', '--json', '--game', game, sfen));
    assert.deepEqual(causes.map((c) => c.kind), [kind]);
    const [cause] = causes;
    await onPage(t, `?game=${game}&lang=${lang}&sfen=${encodeURIComponent(sfen)}`, async (page) => {
      const text = await answerOf(page, stage);
      if (lang === 'en') {
        assert.ok(text.includes(cause.text), text);
      } else {
        // Every square the cause names, as ５五, and no square or piece in Latin letters.
        for (const sq of cause.squares) assert.ok(text.includes(ja(sq)), `${ja(sq)} in ${text}`);
        assert.doesNotMatch(text, /[A-Za-z]/, text);
      }
      assert.deepEqual(new Set(await marked(page, game === 'shogi' ? 9 : 5)), new Set(cause.squares));
    }, { context });
  }
}

describe('the cause of an unreachable verdict', () => {
  test('named on the answer card and marked on the board, in English and Japanese', async (t) => {
    await checkCases(t, 'en', site.browser);
    await checkCases(t, 'ja', site.browser);
  });

  test('on a 360 px phone in Japanese, and leading the certificate', async (t) => {
    const phones = await launchPhones();
    t.after(() => phones.close());
    const phone = await phoneContext(phones, 360);
    await checkCases(t, 'ja', phone);
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(SHOGI_NO_PREV)}`, async (page) => {
      await answerOf(page, 'prev');
      await page.click('#answer-why');
      await page.waitForSelector('#certificate[data-stage="prev"]', { timeout: 60_000 });
      const lead = await page.textContent('#certificate-body > :first-child');
      assert.match(lead, /先手玉（６七）に５五の桂と５七の飛から両王手/);
      // The full lists stay under their disclosures.
      assert.equal(await page.$$eval('#certificate .cert-group[open]', (d) => d.length), 0);
    }, { context: phone });
  });
});
