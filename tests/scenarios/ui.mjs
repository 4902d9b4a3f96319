// A page as the scenarios of tests/scenarios/ drive it, the same in Chromium (a playwright-core page) and
// in Firefox (a puppeteer-core page): a scenario is written once and run in both browsers. Each call is
// a selector and what to do with the element. Reads (`read`, `readAll` and those built on them) run in the
// page in one round trip, through `evaluate`, which both libraries have alike: over WebDriver BiDi
// puppeteer's `$eval` costs about 60 ms (a handle to find, use and free), `$$eval` about 370 ms on 81
// squares (a handle per element), `evaluate` 3 ms.

import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';

/**
 * Asserts that `read()` (a read of the page) comes to deep-equal `want` within `timeout` ms: for what a click
 * or a key sets off, which the page may finish after the driver's call returns (its engine answers from a
 * worker), read again until it does or the time is up.
 */
export async function settles(read, want, message, timeout = 10_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const got = await read();
    if (isDeepStrictEqual(got, want) || Date.now() > end) return assert.deepEqual(got, want, message);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `a` written as JavaScript (JSON, or `undefined`). */
const literal = (a) => (a === undefined ? 'undefined' : JSON.stringify(a));
/** The expression `f(...args)` for `evaluate`, `f` by its source: one string, evaluated by the browser's
 * driver as axe-core is (tests/site.mjs), which the page's Content-Security-Policy does not govern. */
const call = (f, ...args) => `(${f})(${args.map(literal).join(', ')})`;

/** The driver of `page` (playwright-core's or puppeteer-core's). */
export function driver(page) {
  const playwright = typeof page.selectOption === 'function';
  // Reads wait for the element to be in the page, shown or not (puppeteer's default; playwright's is shown).
  const present = (selector) => page.waitForSelector(selector, { state: 'attached', timeout: 30_000 });
  /** `f(element, arg)` of the element `selector`: {value}, or null when there is none. */
  const once = (selector, f, arg) => page.evaluate(
    `(() => { const e = document.querySelector(${literal(selector)}); return e ? { value: (${f})(e, ${literal(arg)}) } : null; })()`);
  /** `f(element, arg)` of the element `selector`, once it is in the page (a wait only when it is not yet). */
  const read = async (selector, f, arg) => {
    const got = (await once(selector, f, arg)) ?? (await present(selector), await once(selector, f, arg));
    if (!got) throw new Error(`no element ${selector}`);
    return got.value;
  };
  /** `f(elements, arg)` of every element `selector` (an array, maybe empty). */
  const readAll = (selector, f, arg) => page.evaluate(`(${f})([...document.querySelectorAll(${literal(selector)})], ${literal(arg)})`);
  return {
    page,
    read,
    readAll,
    click: (selector) => click(page, playwright, selector),
    /** Waits for the element `selector` (shown, in playwright; in the page, in puppeteer), at once if it is. */
    waitFor: async (selector, timeout = 30_000) => {
      if (!playwright && (await once(selector, () => true))) return;
      await page.waitForSelector(selector, { timeout });
    },
    attr: (selector, name) => read(selector, (e, n) => e.getAttribute(n), name),
    text: (selector) => read(selector, (e) => e.textContent),
    value: (selector) => read(selector, (e) => e.value),
    count: (selector) => readAll(selector, (es) => es.length),
    /** Chooses `value` in the menu `selector`, as a user's choice does (a change event). */
    select: (selector, value) => (playwright ? page.selectOption(selector, value) : page.select(selector, value)),
    /** Types `value` into the field `selector` whole, as a paste does: focused, then an input event. */
    fill: (selector, value) => read(selector, (e, v) => {
      e.focus();
      e.value = v;
      e.dispatchEvent(new Event('input', { bubbles: true }));
    }, value),
    /** Waits until `test(arg)`, run in the page, is true (at once if it is; the two libraries order the
     * arguments apart). */
    waitUntil: async (test, arg, timeout = 30_000) => {
      if (await page.evaluate(call(test, arg))) return;
      await (playwright ? page.waitForFunction(test, arg, { timeout }) : page.waitForFunction(test, { timeout }, arg));
    },
    /** Whether the element is drawn (in the layout, not hidden). */
    drawn: (selector) => read(selector, (e) => e.getClientRects().length > 0),
    ...beyondReads(page, playwright),
  };
}

/**
 * Clicks the element `selector` as a user does. Playwright's click; in puppeteer, in two round trips instead
 * of about six (80 ms), with what puppeteer's own lacks and playwright's has: the element waited for if it is
 * not in the page yet, and clicked where it is not covered (a sticky board, a panel), scrolled to the middle,
 * the foot or the top of the screen until it is not; then the mouse pressed and released there.
 */
async function click(page, playwright, selector) {
  if (playwright) return page.click(selector);
  const point = () => page.evaluate(call((s) => {
    const e = document.querySelector(s);
    if (!e) return null;
    /** The element's middle, if the element (or what is in it) is what a click there reaches. */
    const open = () => {
      const r = e.getBoundingClientRect();
      const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
      const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
      return hit && e.contains(hit) ? [x, y] : null;
    };
    let at = open();
    for (const block of ['center', 'end', 'start']) {
      if (at) break;
      e.scrollIntoView({ block, inline: 'nearest' });
      at = open();
    }
    const r = e.getBoundingClientRect();
    return at ?? [r.x + r.width / 2, r.y + r.height / 2];
  }, selector));
  const at = (await point()) ?? (await page.waitForSelector(selector), await point());
  await page.mouse.click(at[0], at[1]);
}

/** The driver's keyboard, pointer, touch, viewport and files: what a user does besides reading and clicking. */
function beyondReads(page, playwright) {
  return {
    /** Taps the element `selector` as a finger does (touch events; playwright's page needs `hasTouch`). */
    tap: (selector) => page.tap(selector),
    /** Presses `key` (a name as both libraries spell it: `Enter`, `ArrowRight`, `Tab`), on `selector` if given. */
    press: async (key, selector) => {
      if (selector) await page.focus(selector);
      await page.keyboard.press(key);
    },
    /** Drags with the mouse from the middle of `from` to the middle of `to`, in steps (pointer events). */
    drag: async (from, to) => {
      const middle = (selector) => page.evaluate(call((s) => {
        const r = document.querySelector(s).getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
      }, selector));
      const [[x0, y0], [x1, y1]] = [await middle(from), await middle(to)];
      await page.mouse.move(x0, y0);
      await page.mouse.down();
      await page.mouse.move(x1, y1, { steps: 8 });
      await page.mouse.up();
    },
    /** Sets the viewport's size (the two libraries name it apart). */
    viewport: (width, height) =>
      (playwright ? page.setViewportSize({ width, height }) : page.setViewport({ width, height })),
    /** Chooses the files `paths` in the file input `selector`, as a user's choice does (a change event). */
    upload: async (selector, ...paths) =>
      (playwright ? page.setInputFiles(selector, paths) : (await page.$(selector)).uploadFile(...paths)),
  };
}
