// Certificates a player can read, in both languages, at a desktop width and on a
// 360 px phone: the summary sentence's counts are those of `explain --json` (recomputed here from each
// candidate's failures), the groups open to exactly their moves in the page's notation, the certificate of
// the "no legal predecessor" preset is short while its groups are closed, and a `reach` tree shows each
// position as a small board with its move marked and opens it in the editor.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, cli, launchPhones, MINI_REACH, position, SHOGI_NO_PREV, sfenOf, useChromium, whyOf } from '../site.mjs';

const site = useChromium();
const { onPage } = site;

/** Each candidate's reason, recomputed from its variants: the failure, or `by-capture` where they differ. */
const reasonOf = (c) => {
  const names = new Set(c.variants.map((v) => v.failure));
  return names.size === 1 ? [...names][0] : 'by-capture';
};
/** reason → candidate indices, in the candidates' order. */
function groupsOf(prev) {
  const groups = new Map();
  prev.candidates.forEach((c, i) => groups.set(reasonOf(c), [...(groups.get(reasonOf(c)) ?? []), i]));
  return groups;
}

const FULL = '０１２３４５６７８９';
const RANKS = '一二三四五六七八九';
const KANJI = { K: '玉', R: '飛', B: '角', G: '金', S: '銀', N: '桂', L: '香', P: '歩', '+R': '龍', '+B': '馬', '+S': '成銀', '+N': '成桂', '+L': '成香', '+P': 'と' };
const jaSquare = (s) => `${FULL[Number(s[0])]}${RANKS[s.charCodeAt(1) - 97]}`;
/** A candidate as the page should write it: Western with its origin, or Japanese as KIF writes it. */
function written(c, lang) {
  const before = c.unpromotion ? c.piece.replace('+', '') : c.piece;
  const kind = before.toUpperCase();
  if (lang === 'en') return c.drop ? `${kind}*${c.to}` : `${kind}${c.from}-${c.to}${c.unpromotion ? '+' : ''}`;
  const mark = before === kind ? '☗' : '☖';
  if (c.drop) return `${mark}${jaSquare(c.to)}${KANJI[kind]}打`;
  return `${mark}${jaSquare(c.to)}${KANJI[kind]}${c.unpromotion ? '成' : ''}(${c.from[0]}${c.from.charCodeAt(1) - 96})`;
}

const DESKTOP = ['desktop', { viewport: { width: 1280, height: 900 } }];
const PHONE = ['360 px', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }];
// Each certificate in both languages and on both screens, every language on every screen once between the
// two (the layout does not depend on the language, nor the words on the screen).
const PREV_RUNS = [[DESKTOP, 'en'], [PHONE, 'ja']];
const REACH_RUNS = [[DESKTOP, 'ja'], [PHONE, 'en']];

describe('certificates a player can read', () => {
  let phones;
  before(async () => {
    phones = await launchPhones();
  });
  after(async () => {
    await phones?.close();
  });

  const cert = JSON.parse(cli('explain', '--json', SHOGI_NO_PREV));
  // The text of `explain`: the stage, the cause, then the summary.
  const summaryLine = cli('explain', SHOGI_NO_PREV).split('\n')[2];
  const expected = groupsOf(cert.prev);

  for (const [[screen, options], lang] of PREV_RUNS) {
    test(`${lang}, ${screen}: the no-predecessor preset leads with the CLI's counts and is short, its groups open to their moves`, async (t) => {
      const context = await phones.newContext(options);
      try {
        await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(SHOGI_NO_PREV)}`, async (page) => {
          await whyOf(page);
          const summary = await page.textContent('#certificate .cert-summary');
          if (lang === 'en') assert.equal(summary, summaryLine, 'the sentence of `explain`');
          else {
            assert.match(summary, new RegExp(`^後手が最後に指した可能性のある${cert.prev.candidates.length}通りの手は、どれも成り立ちません：`));
            for (const [, ids] of expected) assert.match(summary, new RegExp(`手が${ids.length}通り`));
            assert.doesNotMatch(summary, /[a-z]/i, 'no English or codes');
          }
          const groups = await page.$$eval('#certificate .cert-group', (ds) =>
            ds.map((d) => ({ reason: d.dataset.reason, count: Number(d.dataset.count), open: d.open, summary: d.querySelector('summary').textContent })));
          assert.deepEqual(new Map(groups.map((g) => [g.reason, g.count])), new Map([...expected].map(([r, ids]) => [r, ids.length])));
          assert.equal(groups.reduce((n, g) => n + g.count, 0), cert.prev.candidates.length, 'the counts add up');
          assert.ok(groups.every((g) => !g.open && g.summary.includes(String(g.count))), 'closed, each with its count');
          // Collapsed, the whole certificate is short (it was 5 484 px, one bullet per move).
          const height = await page.$eval('#certificate', (e) => e.getBoundingClientRect().height);
          t.diagnostic(`certificate height, groups closed: ${Math.round(height)} px`);
          assert.ok(height < (screen === 'desktop' ? 450 : 900), `${height} px`);
          assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling');
          // Each group opens to exactly its moves, in the page's notation.
          for (const reason of ['occupied', 'by-capture']) {
            await page.click(`#certificate .cert-group[data-reason="${reason}"] > summary`);
            const items = await page.$$eval(`#certificate .cert-group[data-reason="${reason}"] > ul > li`, (lis) =>
              lis.map((li) => ({ index: Number(li.dataset.index), move: li.querySelector('.cert-move').textContent, usi: li.dataset.usi })));
            assert.deepEqual(items.map((i) => i.index), expected.get(reason), reason);
            assert.deepEqual(items.map((i) => i.usi), expected.get(reason).map((i) => cert.prev.candidates[i].usi));
            assert.deepEqual(items.map((i) => i.move), expected.get(reason).map((i) => written(cert.prev.candidates[i], lang)));
          }
          if (screen === 'desktop') assert.deepEqual(await axeViolations(page), [], 'axe, two groups open');
          const text = await page.$eval('#certificate .cert-group[data-reason="occupied"]', (d) => d.textContent);
          if (lang === 'ja') assert.match(text, /[１-９][一二三四五六七八九]に駒がある/);
          else assert.match(text, /[1-9][a-i] is occupied/);
        }, { context });
      } finally {
        await context.close();
      }
    });
  }

  const reach = JSON.parse(cli('explain', '--json', '--variant', 'minishogi', MINI_REACH));
  for (const [[screen, options], lang] of REACH_RUNS) {
    test(`${lang}, ${screen}: a reach tree draws its positions as boards with the move marked, and opens one in the editor`, async (t) => {
      const context = await phones.newContext(options);
      // A child of the root, and its move to the root.
      const child = reach.tree.findIndex((n) => n.parent === 0);
      const usi = reach.tree[0].predecessors.find((p) => p.node === child).usi;
      const cells = (name) => (name.charCodeAt(1) - 97) * 5 + (5 - Number(name[0]));
      try {
        await onPage(t, `?game=minishogi&lang=${lang}&sfen=${encodeURIComponent(MINI_REACH)}`, async (page) => {
          await whyOf(page);
          assert.equal(await page.locator('#certificate .cert-node[data-node="0"] > .cert-position .cert-board [data-square]').count(), 25);
          const node = page.locator(`#certificate .cert-node[data-node="${child}"]`);
          await node.locator('> summary').click();
          const board = node.locator('> .cert-position .cert-board');
          await board.waitFor();
          if (usi[1] !== '*') assert.equal(await board.locator('.last-from').getAttribute('data-square'), String(cells(usi.slice(0, 2))));
          assert.equal(await board.locator('.last-to').getAttribute('data-square'), String(cells(usi.slice(2, 4))));
          const head = await node.locator('> summary').textContent();
          assert.match(head, lang === 'ja' ? /← ☖[１-５][一二三四五]/ : /← (\+?[A-Z][1-5][a-e]-[1-5][a-e]\+?|[A-Z]\*[1-5][a-e]) \(to #0\)/);
          assert.doesNotMatch(head, /\//, 'no SFEN in the tree');
          assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling');
          if (screen === 'desktop') assert.deepEqual(await axeViolations(page), [], 'axe, a tree with its boards open');
          await node.locator('> .cert-position .cert-open').click();
          await page.waitForFunction((want) => document.querySelector('#sfen').value.startsWith(want), position(reach.tree[child].sfen));
          assert.equal(position(await sfenOf(page)), position(reach.tree[child].sfen));
        }, { context });
      } finally {
        await context.close();
      }
    });
  }
});
