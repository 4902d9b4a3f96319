// One board: at every step of Play it, the path from a KK position, moves played and a record stepped through,
// exactly one full-size board is drawn and all of it is on screen (the scenario of tests/scenarios/phone.mjs,
// which Firefox runs too); at 1366×768 and on 360×740 and 390×844 touch phones, in English and Japanese. Real-browser tests of the site in dist/ in headless Chromium.
import { after, before, describe, test } from 'node:test';
import { launchPhones, useChromium } from '../site.mjs';
import { ONE_BOARD, oneBoard } from '../scenarios/phone.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const PHONE = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const SCREENS = [
  ['1366×768', { viewport: { width: 1366, height: 768 } }],
  ['a 360×740 phone', { ...PHONE, viewport: { width: 360, height: 740 } }],
  ['a 390×844 phone', { ...PHONE, viewport: { width: 390, height: 844 } }],
];

let phones;
before(async () => {
  phones = await launchPhones();
});
after(() => phones?.close());

describe('one board, always in view', () => {
  for (const [name, options] of SCREENS) {
    for (const lang of ['en', 'ja']) {
      test(`${name} (${lang}): Play it, the path, moves played and a record`, async (t) => {
        const context = await phones.newContext(options);
        try {
          await site.onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(ONE_BOARD)}`, (page) => oneBoard(driver(page)), { context });
        } finally {
          await context.close();
        }
      });
    }
  }
});
