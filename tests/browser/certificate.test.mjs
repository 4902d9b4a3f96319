// Certificates of unreachable positions ("Why?"): a reach tree opened to a leaf, a piece rule, a prev
// position in Japanese.
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, MINI_REACH, openToLeaf, SHOGI_NO_PREV, useChromium, whyOf } from '../site.mjs';

const site = useChromium();
const { onPage } = site;

describe('certificates', () => {
  test('the certificate of a reach position: its size, and the tree opened down to a leaf', async (t) => {
    const cert = JSON.parse(cli('explain', '--json', '--variant', 'minishogi', MINI_REACH));
    const leaf = cert.tree.findLastIndex((n) => n.leaf);
    await onPage(t, `?game=minishogi&lang=en&sfen=${encodeURIComponent(MINI_REACH)}`, async (page) => {
      await whyOf(page);
      assert.equal(await page.getAttribute('#certificate', 'data-stage'), 'reach');
      assert.match(await page.textContent('#certificate .cert-head'),
        new RegExp(`${cert.positions} positions, at most ${cert.depth} plies back`));
      await openToLeaf(page, cert.tree, leaf);
      const node = page.locator(`#certificate .cert-node[data-node="${leaf}"]`);
      assert.match(await node.locator('> summary').textContent(), /no legal last move/);
      assert.match(await node.locator('> p.cert-summary').textContent(),
        new RegExp(`^None of ${cert.tree[leaf].leaf.last_mover}'s ${cert.tree[leaf].leaf.candidates.length} candidate last moves is legal: `));
      assert.equal(await node.locator('li[data-usi]').count(), cert.tree[leaf].leaf.candidates.length);
      // The certificate belongs to this position: an edit takes it (and Why?) away.
      await page.click('#side-w');
      assert.equal(await page.isHidden('#certificate'), true);
      assert.equal(await page.isHidden('#answer-why'), true);
    });
  });

  test('the certificate of a piece position names the rule and its square, as the CLI', async (t) => {
    const dead = 'Pbsgk/4p/5/5/KGSBR b r 1';
    const cert = JSON.parse(cli('explain', '--json', '--variant', 'minishogi', dead));
    await onPage(t, `?game=minishogi&lang=en&sfen=${encodeURIComponent(dead)}`, async (page) => {
      await whyOf(page);
      assert.equal(await page.getAttribute('#certificate', 'data-stage'), cert.stage);
      assert.deepEqual(await page.$$eval('#certificate .cert-issues li', (lis) => lis.map((li) => li.textContent)),
        cert.issues.map((i) => i.cause.text));
      assert.equal(cert.issues[0].cause.kind, 'dead-piece');
    });
  });

  test('in Japanese: the certificate of a prev position, every candidate and its reason, squares as ５六', async (t) => {
    const cert = JSON.parse(cli('explain', '--json', SHOGI_NO_PREV));
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(SHOGI_NO_PREV)}`, async (page) => {
      await whyOf(page);
      assert.equal(await page.getAttribute('#certificate', 'data-stage'), 'prev');
      // The cause first, as a player would say it.
      assert.equal(await page.getAttribute('#certificate .cert-cause', 'data-cause'), 'double-check');
      assert.match(await page.textContent('#certificate .cert-cause'), /先手玉（６七）に５五の桂と５七の飛から両王手/);
      assert.deepEqual(await page.$$eval('#certificate li[data-usi]', (lis) => lis.map((li) => li.dataset.usi)),
        cert.prev.groups.flatMap((g) => g.candidates).map((i) => cert.prev.candidates[i].usi ?? ''));
      const failures = (list) => [...new Set(list)].sort();
      assert.deepEqual(failures(await page.$$eval('#certificate [data-failure]', (els) => els.map((e) => e.dataset.failure))),
        failures(cert.prev.candidates.flatMap((c) => c.variants.map((v) => v.failure))));
      // The reasons, without the moves in USI.
      const text = await page.$eval('#certificate-body', (body) => {
        const copy = body.cloneNode(true);
        copy.querySelectorAll('.usi').forEach((e) => e.remove());
        return copy.textContent;
      });
      assert.match(text, /[１-９][一二三四五六七八九]に駒がある/);
      assert.match(text, /筋に同じ側の歩が二枚/);
      assert.match(text, /☖[１-９][一二三四五六七八九](成銀|銀成|歩)/, 'moves in Japanese notation');
      assert.doesNotMatch(text, /is occupied|[1-9][a-i]/);
    });
  });

  // (A Rust test, engine_error::tests, checks that both dictionaries have a text for every kind the engine has.)
});
