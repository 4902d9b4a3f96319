// The page's words (issue #41, "Words"): no rule's code shown raw, 置く駒 for the editor's palette (駒台 is
// the stand for pieces in hand), tap rather than click on a touch screen, full-width brackets in Japanese,
// a record's illegal move named as the record writes it (never a SFEN), the game's end of a CSA record
// named as CSA writes it, and a term inside a label that explains itself without focusing the field.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchPhones, readRecord, ROOT, runOnPage, SHOTS, SHOGI_NO_PREV, useChromium, whyOf } from '../site.mjs';

const site = useChromium();
const { onPage } = site;
const CSA = readFileSync(join(ROOT, 'crate/engine/tests/data/annotated/annotated.csa'), 'utf8');
// ▲５五角(88) from the start: the pawn on ７七 is in the way.
const ILLEGAL_KIF = '手合割：平手\n手数----指手---------消費時間--\n   1 ５五角(88)\n';
const SFEN_TEXT = /[lnsgkrbp1-9+]+\/[lnsgkrbp1-9+]+/i;
const legend = (page) => page.textContent('.palette-block .legend');

describe('words', () => {
  test('ja, desktop: the setup rule by name, 置く駒 with click, an illegal move named, CSA\'s %TORYO, a reason in words', async (t) => {
    await onPage(t, '?game=shogi&lang=ja', async (page) => {
      // No raw code: the rule of a text that is no position is named in Japanese.
      await page.fill('#sfen', '4k4/9/9/9/9/9/9/9/4K3k b - 1');
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForSelector('#diagnostics li[data-rule="setup"]');
      assert.equal(await page.textContent('#diagnostics li[data-rule="setup"] .rule'), '駒の構成');
      assert.doesNotMatch(await page.textContent('#diagnostics'), /[a-z]{3,}/i, 'no code or English');
      // The palette is not 駒台; a desktop clicks.
      const words = await legend(page);
      assert.match(words, /^置く駒：/);
      assert.doesNotMatch(words, /駒台|タップ/);
      assert.match(words, /右クリック/);
      // An illegal move of a record: its number and the move as written, no SFEN.
      await page.fill('#record-text', ILLEGAL_KIF);
      await page.click('#record-read');
      await page.waitForSelector('#record-error:not([hidden])');
      const error = await page.textContent('#record-error');
      assert.match(error, /1手目「５五角\(88\)」は指せません/);
      assert.doesNotMatch(error, SFEN_TEXT);
      // A CSA record's end is CSA's %TORYO, not KIF's 投了 and まで….
      await readRecord(page, CSA);
      const skipped = await page.textContent('#record-skipped');
      assert.match(skipped, /終局（%TORYO など）/);
      assert.doesNotMatch(skipped, /投了|まで/);
    });
  });

  test('en, desktop: an illegal move named without a SFEN; the end of a CSA record as CSA writes it', async (t) => {
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      assert.match(await legend(page), /then click squares.*right-click/);
      await page.fill('#record-text', ILLEGAL_KIF);
      await page.click('#record-read');
      await page.waitForSelector('#record-error:not([hidden])');
      const error = await page.textContent('#record-error');
      assert.match(error, /move 1, ５五角\(88\), is not legal$/);
      assert.doesNotMatch(error, SFEN_TEXT);
      await readRecord(page, CSA);
      assert.match(await page.textContent('#record-skipped'), /the game’s end \(%TORYO and the like\)/);
    });
  });

  test('ja: a certificate says a move has no square it came from in words a player uses', async (t) => {
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(SHOGI_NO_PREV)}`, async (page) => {
      await whyOf(page);
      await page.waitForSelector('#certificate .cert-summary');
      const text = await page.textContent('#certificate');
      assert.doesNotMatch(text, /盤外/);
      if (await page.locator('#certificate .cert-group[data-reason="off-board"]').count()) {
        assert.match(await page.textContent('#certificate .cert-summary'), /元いたマスが盤上にない手が\d+通り/);
      }
    });
  });

  describe('on a 360 px touch screen', () => {
    let phones;
    before(async () => {
      phones = await launchPhones();
    });
    after(() => phones?.close());
    const phone = () => phones.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

    for (const lang of ['ja', 'en']) {
      test(`${lang}: the hints say tap and name the touch switch, never click; a tap on a term in a label leaves the field alone`, async (t) => {
        const context = await phone();
        try {
          await runOnPage(await context.newPage(), `${site.isolated.url}?game=shogi&lang=${lang}`, t.name, async (page) => {
            const words = await legend(page);
            const title = await page.getAttribute('#alternate', 'title');
            const play = await page.textContent('[data-i18n="playHint"]');
            if (lang === 'ja') {
              assert.match(words, /^置く駒：駒を選んでマスをタップ.*「成・色替え／一枚減らす」をオンにしてタップ/);
              for (const text of [words, title, play]) assert.doesNotMatch(text, /クリック|駒台/);
            } else {
              assert.match(words, /then tap squares.*with Cycle \/ take one on, a tap/);
              for (const text of [words, title, play]) assert.doesNotMatch(text, /click/i);
            }
            // The node cap's term explains itself; the number field keeps its keyboard closed.
            await page.locator('#prove-options > summary').tap();
            const cap = page.locator('.node-cap .term');
            await cap.tap();
            await page.waitForFunction(() => !document.getElementById('term-tip').hidden);
            assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'max-nodes');
            const shard = page.locator('label > .term[data-term="shard"]');
            await page.click('#tab-estimate-button');
            await shard.tap();
            assert.notEqual(await page.evaluate(() => document.activeElement?.id), 'est-shard');
            if (lang === 'ja') {
              await page.click('#tab-position-button');
              await cap.tap();
              mkdirSync(SHOTS, { recursive: true });
              await page.screenshot({ path: join(SHOTS, 'words-ja-phone.png') });
            }
          });
        } finally {
          await context.close();
        }
      });
    }
  });
});
