// The site's explanations in Debian's Firefox ESR (tests/firefox-site.mjs): a certificate a player can
// read (counts, a group in Japanese, a tree position to the editor), a record whole (header, comments, a
// variation), terms explained where they appear, and the How it works tab. tests/browser/ covers each in
// Chromium in full.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { attr, count, text, useFirefox } from './firefox-site.mjs';
import { cli, ROOT } from './site.mjs';
import { KAKU_GAME, provedFromItsHandicap } from './scenarios/handicap.mjs';
import { termOnHoverAndFocus } from './scenarios/terms.mjs';
import { checkCounts, checkDraws, checkExamples, checkSearch } from './scenarios/walkthrough.mjs';
import { marksKingSquares } from './scenarios/tsume.mjs';
import { driver } from './scenarios/ui.mjs';

const { onPage } = useFirefox();

// Certificates a player can read: counts, a group in Japanese, a tree position to the editor.
describe('Firefox: certificates a player can read', () => {
  test('a prev certificate leads with its counts and opens a group; a reach position goes to the editor', async (t) => {
    const noPrev = '+P+S3g+S2/3p1p+L2/+Pp1+s2+p+pn/1+p2+N1+l1P/G1+L1n4/+P4+b+n+P1/1R+PKr2p1/+p1gP4L/2G+Bs+P2k b 2p 1';
    const reach = '1+r3/bs3/gs3/2b2/K+rk2 b GPp 1';
    const [cert, { tree }] = [cli('explain', '--json', noPrev), cli('explain', '--json', '--variant', 'minishogi', reach)].map((j) => JSON.parse(j));
    const why = async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="unreachable"]', { timeout: 60_000 });
      await page.click('#answer-why');
      await page.waitForSelector('#certificate[data-stage]', { timeout: 60_000 });
    };
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(noPrev)}`, async (page) => {
      await why(page);
      // The cause first, on the answer card and in the certificate, its squares marked on the board.
      assert.match(await text(page, '#answer-text'), /先手玉（６七）に５五の桂と５七の飛から両王手/);
      assert.equal(await attr(page, '#certificate .cert-cause', 'data-cause'), 'double-check');
      assert.equal(await count(page, '#board .sq.bad'), 3);
      assert.match(await text(page, '#certificate .cert-summary'), new RegExp(`${cert.prev.candidates.length}通りの手は、どれも成り立ちません`));
      assert.deepEqual(await page.$$eval('#certificate .cert-group', (ds) => ds.map((d) => Number(d.dataset.count))), cert.prev.groups.map((g) => g.candidates.length));
      await page.click('#certificate .cert-group[data-reason="occupied"] > summary');
      const moves = await page.$$eval('#certificate .cert-group[data-reason="occupied"][open] > ul > li .cert-move', (es) => es.map((e) => e.textContent));
      assert.equal(moves.length, cert.prev.groups.find((g) => g.reason === 'occupied').candidates.length);
      assert.ok(moves.every((m) => /^[☗☖][１-９][一二三四五六七八九].+(\(\d\d\)|打)$/.test(m)), moves.join(' '));
    });
    const child = tree.findIndex((n) => n.parent === 0);
    await onPage(t, `?game=minishogi&lang=en&sfen=${encodeURIComponent(reach)}`, async (page) => {
      await why(page);
      await page.click(`#certificate .cert-node[data-node="${child}"] > summary`);
      await page.click(`#certificate .cert-node[data-node="${child}"] > .cert-position .cert-open`);
      await page.waitForFunction((s) => document.querySelector('#sfen').value.startsWith(s), {}, tree[child].sfen.split(' ').slice(0, 3).join(' '));
    });
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
    const file = join(ROOT, 'crate/engine/tests/data/annotated/annotated.kifu');
    const json = JSON.parse(cli('record', '--json', file));
    const position = (sfen) => sfen.split(' ').slice(0, 3).join(' ');
    await onPage(t, '?game=shogi&lang=ja', async (page) => {
      await page.$eval('#record-text', (e, v) => (e.value = v), readFileSync(file, 'utf8'));
      await page.click('#record-read');
      await page.waitForSelector('#play-moves button[aria-current][data-usi]');
      const header = await page.$$eval('#record-header dt', (dts) => dts.map((dt) => `${dt.textContent}=${dt.nextElementSibling.textContent}`));
      assert.ok(header.includes('先手=先手太郎') && header.includes('棋戦=テスト棋戦'), header.join(' '));
      assert.equal(await page.$eval('#play-moves li > button[data-ply="1"]', (b) => b.parentElement.querySelector('.record-comment').textContent), '角道を開ける');
      assert.match(await text(page, '#record-skipped'), /^この棋譜から読み込まなかったもの：消費時間/);
      await page.click(`#play-moves .play-alternatives button[data-ply="4"][data-usi="${json.variations[0].moves[0].usi}"]`);
      await page.waitForFunction((s) => document.querySelector('#sfen').value.split(' ').slice(0, 3).join(' ') === s, {}, position(json.variations[0].moves[0].sfen));
      assert.equal(await page.$eval('#play-moves li > button[data-ply="4"]', (b) => b.firstChild.textContent), '4. ☖同　飛');
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
      await ui.waitFor('#how-body[data-variant="minishogi"]');
      await checkCounts(ui);
      await checkDraws(ui, 'minishogi');
      await checkExamples(ui, 'minishogi');
      await checkSearch(ui, 'minishogi');
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 360);
    });
  });
});
