// A term explained: the node cap's term shows its glossary entry on hover and on keyboard focus, and
// leaving it or Escape closes it. Written once and run in Chromium (tests/browser/terms.test.mjs, both
// languages) and Firefox (tests/firefox-explain.test.mjs, Japanese), on the Position tab.
import assert from 'node:assert/strict';

/** The scenario (`ui`: ui.mjs's driver; `d`: the page's dictionary, i18n/en.js or ja.js). */
export async function termOnHoverAndFocus(ui, d) {
  const { page } = ui;
  const hidden = () => ui.read('#term-tip', (e) => /** @type {HTMLElement} */ (e).hidden);
  await ui.click('#prove-options > summary');
  // Hover, then the mouse leaves.
  await page.hover('label.node-cap .term');
  await ui.waitUntil(() => !document.getElementById('term-tip')?.hidden);
  assert.equal(await ui.text('#term-tip'), d['term:node-cap']);
  await page.mouse.move(5, 5);
  await ui.waitUntil(() => document.getElementById('term-tip')?.hidden);
  // Focus from the keyboard, and Escape.
  await page.focus('#prove-options > summary');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-term')), 'node-cap');
  assert.equal(await hidden(), false);
  assert.equal(await ui.attr('label.node-cap .term', 'aria-describedby'), 'term-tip');
  await page.keyboard.press('Escape');
  assert.equal(await hidden(), true);
  assert.equal(await ui.attr('label.node-cap .term', 'aria-describedby'), null);
}
