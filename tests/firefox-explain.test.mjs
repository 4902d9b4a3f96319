// The site's explanations in Debian's Firefox ESR (tests/firefox-site.mjs): a certificate a player can
// read (counts and groups in Japanese, a tree position to the editor), a tsume set-up, a handicap start, a
// record whole (header, comments, a variation), terms explained where they appear, and the How it works
// tab, each a scenario of tests/scenarios/ that tests/browser/ runs in Chromium too.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useFirefox } from './firefox-site.mjs';
import { MINI_REACH, readRecord, SHOGI_NO_PREV } from './site.mjs';
import { prevCertificate, reachTree } from './scenarios/certificate.mjs';
import { KAKU_GAME, provedFromItsHandicap } from './scenarios/handicap.mjs';
import { ANNOTATED, readWhole } from './scenarios/record.mjs';
import { termOnHoverAndFocus } from './scenarios/terms.mjs';
import { checkCounts, checkDraws, checkExamples, checkSearch } from './scenarios/walkthrough.mjs';
import { marksKingSquares } from './scenarios/tsume.mjs';
import { driver } from './scenarios/ui.mjs';

const { onPage } = useFirefox();

// Certificates a player can read: the prev certificate's cause, counts and groups in Japanese; a reach
// tree's position to the editor.
describe('Firefox: certificates a player can read', () => {
  test('a prev certificate leads with its counts and opens its groups; a reach position goes to the editor', async (t) => {
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(SHOGI_NO_PREV)}`, (page) => prevCertificate(driver(page), 'ja'));
    await onPage(t, `?game=minishogi&lang=en&sfen=${encodeURIComponent(MINI_REACH)}`, (page) => reachTree(driver(page), 'en'));
  });
});

describe('Firefox: a tsume set-up', () => {
  test("Prove marks the squares where Sente's king could stand, as the CLI finds them", async (t) => {
    const problem = 'b7k/9/7GP/9/9/9/9/9/r8 b Grb2g4s4n4l17p 1';
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(problem)}`, (page) =>
      marksKingSquares(driver(page), problem, 'ja'));
  });
});

describe('Firefox: a handicap start', () => {
  test('a 角落ち game\'s position is proved from the 角落ち start, with the CLI\'s game; from 平手 a bishop is missing', async (t) => {
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(KAKU_GAME)}`, (page) => provedFromItsHandicap(driver(page)));
  });
});

// Records whole: header, comments, a variation chosen, the parts not kept.
describe('Firefox: a record whole', () => {
  test('a KIF with header, comments and variations: the variation chosen loads its position, as the CLI reads it', async (t) => {
    await onPage(t, '?game=shogi&lang=ja', async (page) => {
      await readWhole(driver(page), () => readRecord(page, readFileSync(join(ANNOTATED, 'annotated.kifu'), 'utf8')));
    });
  });
});

// ---- Terms explained where they appear (page/terms.js; tests/browser/terms.test.mjs covers the rest).
describe('Firefox: terms', () => {
  test('a term shows its explanation on hover and on focus, in Japanese; Escape closes it', async (t) => {
    const glossary = (await import('../www/js/i18n/glossary-ja.js')).default;
    await onPage(t, '?game=shogi&lang=ja', (page) => termOnHoverAndFocus(driver(page), glossary));
  });
});

// How it works (the walkthrough): |P_K| and a drawn rank as the CLI gives them, a flip example on the
// engine's squares, the search taken back to the two kings; in Japanese at 360 px, nothing wider.
describe('Firefox: How it works', () => {
  test('the walkthrough in Japanese at 360 px: every figure the command line\'s', async (t) => {
    await onPage(t, '?lang=ja&game=minishogi&tab=how', async (page) => {
      await page.setViewport({ width: 360, height: 740 });
      const ui = driver(page);
      await ui.waitFor('#how-body[data-game="minishogi"]');
      await checkCounts(ui);
      await checkDraws(ui, 'minishogi');
      await checkExamples(ui, 'minishogi');
      await checkSearch(ui, 'minishogi');
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 360);
    });
  });
});
