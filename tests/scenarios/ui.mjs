// A page as the scenarios of tests/scenarios/ drive it, the same in Chromium (a playwright-core page) and
// in Firefox (a puppeteer-core page): a scenario is written once and run in both browsers. Each call is
// a selector and what to do with the element, through the page's own `$eval`, which both libraries have.

/** The driver of `page` (playwright-core's or puppeteer-core's). */
export function driver(page) {
  const playwright = typeof page.selectOption === 'function';
  // Reads wait for the element to be in the page, shown or not (puppeteer's default; playwright's is shown).
  const present = (selector) => page.waitForSelector(selector, { state: 'attached', timeout: 30_000 });
  /** `read(element)` of the element `selector`, once it is in the page: one round trip when it is there
   * already (each costs tens of milliseconds over WebDriver BiDi), else a wait for it and a second try. */
  const read = (selector, read, arg) => page.$eval(selector, read, arg).catch(async () => {
    await present(selector);
    return page.$eval(selector, read, arg);
  });
  return {
    page,
    click: (selector) => page.click(selector),
    waitFor: (selector, timeout = 30_000) => page.waitForSelector(selector, { timeout }),
    attr: (selector, name) => read(selector, (e, n) => e.getAttribute(n), name),
    text: (selector) => read(selector, (e) => e.textContent),
    value: (selector) => read(selector, (e) => /** @type {HTMLInputElement} */ (e).value),
    count: (selector) => page.$$eval(selector, (es) => es.length),
    /** Chooses `value` in the menu `selector`, as a user's choice does (a change event). */
    select: (selector, value) => (playwright ? page.selectOption(selector, value) : page.select(selector, value)),
    /** Types `value` into the field `selector` whole, as a paste does: focused, then an input event. */
    fill: (selector, value) =>
      page.$eval(selector, (e, v) => {
        /** @type {HTMLInputElement} */ (e).focus();
        /** @type {HTMLInputElement} */ (e).value = v;
        e.dispatchEvent(new Event('input', { bubbles: true }));
      }, value),
    /** Waits until `test(arg)`, run in the page, is true (the two libraries order the arguments apart). */
    waitUntil: (test, arg, timeout = 30_000) =>
      playwright ? page.waitForFunction(test, arg, { timeout }) : page.waitForFunction(test, { timeout }, arg),
    /** Whether the element is drawn (in the layout, not hidden). */
    drawn: (selector) => page.$eval(selector, (e) => e.getClientRects().length > 0),
    ...beyondReads(page, playwright),
  };
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
      const middle = (selector) => page.$eval(selector, (e) => {
        const r = e.getBoundingClientRect();
        return [r.x + r.width / 2, r.y + r.height / 2];
      });
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
