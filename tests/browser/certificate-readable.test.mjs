// Certificates a player can read, in both languages, at a desktop width and on a 360 px phone (the
// scenarios of tests/scenarios/certificate.mjs, which Firefox runs too): the "no legal predecessor"
// preset's cause and counts are those of `explain --json` (recomputed from each candidate's failures), it is
// short while its groups are closed, and its groups open to exactly their moves in the page's notation; a
// `reach` tree shows each position as a small board with its move marked and opens it in the editor; axe-core
// on the desktop.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, launchPhones, MINI_REACH, SHOGI_NO_PREV, useChromium } from '../site.mjs';
import { prevCertificate, reachTree } from '../scenarios/certificate.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;

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

  for (const [[screen, options], lang] of PREV_RUNS) {
    test(`${lang}, ${screen}: the no-predecessor preset leads with the CLI's counts and is short, its groups open to their moves`, async (t) => {
      const context = await phones.newContext(options);
      try {
        await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(SHOGI_NO_PREV)}`, async (page) => {
          const height = await prevCertificate(driver(page), lang);
          t.diagnostic(`certificate height, groups closed: ${Math.round(height)} px`);
          if (screen === 'desktop') assert.deepEqual(await axeViolations(page), [], 'axe, two groups open');
        }, { context });
      } finally {
        await context.close();
      }
    });
  }

  for (const [[screen, options], lang] of REACH_RUNS) {
    test(`${lang}, ${screen}: a reach tree draws its positions as boards with the move marked, and opens one in the editor`, async (t) => {
      const context = await phones.newContext(options);
      try {
        await onPage(t, `?game=minishogi&lang=${lang}&sfen=${encodeURIComponent(MINI_REACH)}`, async (page) => {
          await reachTree(driver(page), lang, async () => {
            if (screen === 'desktop') assert.deepEqual(await axeViolations(page), [], 'axe, a tree with its boards open');
          });
        }, { context });
      } finally {
        await context.close();
      }
    });
  }
});
