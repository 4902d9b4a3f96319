// Certificates of unreachable positions ("Why?"): a reach tree opened to a leaf (the scenario of
// tests/scenarios/certificate.mjs, which Firefox runs too), then taken away by an edit; a piece rule. (A
// prev position's certificate, in both languages: certificate-readable.test.mjs.)
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, MINI_REACH, useChromium, whyOf } from '../site.mjs';
import { reachToLeaf } from '../scenarios/certificate.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;

describe('certificates', () => {
  test('the certificate of a reach position: its size, and the tree opened down to a leaf', async (t) => {
    await onPage(t, `?game=minishogi&lang=en&sfen=${encodeURIComponent(MINI_REACH)}`, async (page) => {
      await reachToLeaf(driver(page));
      // The certificate belongs to this position: an edit takes it (and Why?) away.
      await page.click('#side-w');
      assert.equal(await page.isHidden('#certificate'), true);
      assert.equal(await page.isHidden('#answer-why'), true);
    });
  });

  test('the certificate of a piece position names the rule and its square, as the CLI', async (t) => {
    const dead = 'Pbsgk/4p/5/5/KGSBR b r 1';
    const cert = JSON.parse(cli('explain', '--json', '--game', 'minishogi', dead));
    await onPage(t, `?game=minishogi&lang=en&sfen=${encodeURIComponent(dead)}`, async (page) => {
      await whyOf(page);
      assert.equal(await page.getAttribute('#certificate', 'data-stage'), cert.stage);
      assert.deepEqual(await page.$$eval('#certificate .cert-issues li', (lis) => lis.map((li) => li.textContent)),
        cert.issues.map((i) => i.cause.text));
      assert.equal(cert.issues[0].cause.kind, 'dead-piece');
    });
  });

  // (A Rust test, engine_error::tests, checks that both dictionaries have a text for every kind the engine has.)
});
