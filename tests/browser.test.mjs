// Real-browser tests of the site in dist/ (`npm run build`), in Debian's headless Chromium driven by
// playwright-core. Results are compared with the native CLI ($SHOGI_REACH_CLI, else
// target/release/shogi-reach). A failing test leaves a screenshot in test-results/.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../scripts/serve.mjs';
import { axeViolations, cli, CLI, countReads, ROOT, runOnPage } from './site.mjs';
import en from '../www/js/i18n/en.js';
import ja from '../www/js/i18n/ja.js';


let browser, profile, isolated, plain;

before(async () => {
  isolated = await serve(join(ROOT, 'dist'), { port: 0, coi: true });
  plain = await serve(join(ROOT, 'dist'), { port: 0, coi: false });
  profile = mkdtempSync(join(tmpdir(), 'shogi-reach-chromium-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 1000 },
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  isolated?.server.close();
  plain?.server.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** Runs `body(page)` on a fresh page at `path` (see `runOnPage`). */
const onPage = async (t, path, body, { coi = true, context = browser } = {}) =>
  runOnPage(await context.newPage(), (coi ? isolated : plain).url + path, t.name, body);

const sfenOf = (page) => page.inputValue('#sfen');
const urlSfen = (page) => new URL(page.url()).searchParams.get('sfen');
const square = (page, name) => page.locator(`#board [data-square="${index(name)}"]`);
/** Cell index of a Shogi square name (`5e`). */
const index = (name, width = 9) => (name.charCodeAt(1) - 97) * width + (width - Number(name[0]));
/** The diagnostics shown for exactly this SFEN: [rule, ...]. */
async function rules(page) {
  const sfen = await sfenOf(page);
  await page.waitForSelector(`#diagnostics[data-sfen="${sfen}"]`);
  return page.$$eval('#diagnostics li[data-rule]', (lis) => lis.map((li) => li.dataset.rule));
}

describe('board editor', () => {
  test('edits update the SFEN, the URL and the live diagnostics', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      assert.equal(await sfenOf(page), 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1');
      assert.deepEqual(await rules(page), []);

      await page.click('#clear');
      assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4K4 b - 1');
      assert.equal(urlSfen(page), '4k4/9/9/9/9/9/9/9/4K4 b - 1');
      assert.deepEqual(await rules(page), ['count']);
      assert.equal(await page.getAttribute('#box [data-kind="P"]', 'data-count'), '18');

      // Click-to-place a Sente rook on 5e: Gote's king on 5a is in check with Sente to move.
      await page.click('#palette [data-piece="R"]');
      await square(page, '5e').click();
      assert.equal(await sfenOf(page), '4k4/9/9/9/4R4/9/9/9/4K4 b - 1');
      assert.deepEqual(await rules(page), ['count', 'king']);
      assert.match(await square(page, '5a').getAttribute('class'), /\bbad\b/);
      assert.match(await square(page, '5e').getAttribute('class'), /\bbad\b/);
      await page.click('#palette [data-piece="R"]'); // put the brush down

      // Drag the rook from 5e to 2b: no more check.
      await square(page, '5e').locator('.piece').dragTo(square(page, '2b'));
      assert.equal(await sfenOf(page), '4k4/7R1/9/9/9/9/9/9/4K4 b - 1');
      assert.deepEqual(await rules(page), ['count']);

      // Right-click cycles promotion and colour; undo and redo walk the history.
      await square(page, '2b').click({ button: 'right' });
      assert.equal(await sfenOf(page), '4k4/7+R1/9/9/9/9/9/9/4K4 b - 1');
      await page.click('#undo');
      assert.equal(await sfenOf(page), '4k4/7R1/9/9/9/9/9/9/4K4 b - 1');
      await page.click('#redo');
      assert.equal(await sfenOf(page), '4k4/7+R1/9/9/9/9/9/9/4K4 b - 1');

      // The box goes to Gote's hand: the piece set is complete.
      await page.click('#rest-w');
      assert.equal(await sfenOf(page), '4k4/7+R1/9/9/9/9/9/9/4K4 b r2b4g4s4n4l18p 1');
      assert.deepEqual(await rules(page), []);
      assert.equal(await page.getAttribute('#box [data-kind="P"]', 'data-count'), '0');

      // Keyboard at the square last clicked (6a): a Sente pawn is refused while the box is empty; with
      // one pawn taken from Gote's hand back to the box, it is placed, and it can never move (dead).
      await square(page, '6a').click();
      await page.keyboard.press('P');
      assert.match(await page.textContent('#sfen-error'), /no P left/);
      await page.locator('#board [data-hand="1"] [data-hand-kind="P"]').click({ button: 'right' });
      await page.focus('#board');
      await page.keyboard.press('P');
      assert.equal(await sfenOf(page), '3Pk4/7+R1/9/9/9/9/9/9/4K4 b r2b4g4s4n4l17p 1');
      assert.deepEqual(await rules(page), ['piece']);
      await page.keyboard.press('Delete');
      assert.equal(await sfenOf(page), '4k4/7+R1/9/9/9/9/9/9/4K4 b r2b4g4s4n4l17p 1');
      assert.deepEqual(await rules(page), ['count']);

      // Flipping turns the board round: 1i is drawn first, Sente's hand on top.
      await page.click('#flip');
      assert.equal(await page.getAttribute('#board .grid .sq >> nth=0', 'data-square'), String(index('1i')));
      assert.equal(await page.getAttribute('#board .hand >> nth=0', 'data-hand'), '0');
      await page.click('#flip');
      assert.equal(await page.getAttribute('#board .grid .sq >> nth=0', 'data-square'), String(index('9a')));

      // A shared link opens the same position.
      const link = page.url();
      const again = await browser.newPage();
      await again.goto(link);
      assert.equal(await again.inputValue('#sfen'), '4k4/7+R1/9/9/9/9/9/9/4K4 b r2b4g4s4n4l17p 1');
      await again.close();
    });
  });

  test('SFEN import accepts the reference format and reports bad text', async (t) => {
    await onPage(t, '?game=minishogi', async (page) => {
      await page.fill('#sfen', 'K1G1g/rbB1+r/+S3p/5/1sk2[p] w');
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('sfen')?.startsWith('K1G1g'));
      assert.equal(await sfenOf(page), 'K1G1g/rbB1+r/+S3p/5/1sk2 b p 1');
      assert.deepEqual(await rules(page), ['prev']);
      await page.fill('#sfen', 'K1G1g/rbB1+r/+S3p/5 b - 1');
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForSelector('#sfen-error:not([hidden])');
      assert.match(await page.textContent('#sfen-error'), /rows/);
      // A Shogi position switches the game.
      await page.fill('#sfen', '4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1');
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'shogi');
      assert.equal(await page.inputValue('#game'), 'shogi');
      assert.equal(await page.locator('#board .sq').count(), 81);
    });
  });
});

describe('pieces and icons without system fonts', () => {
  // This machine's Chromium has no CJK font: these glyphs can only come from the site's own font files.
  const GLYPHS = '玉王飛角金銀桂香歩龍馬全圭杏と一二三四五六七八九１２３４５６７８９☗☖同成打';

  test("every kanji is drawn from the site's font, each its own glyph, and 王 differs from 玉", async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      const probe = await page.evaluate(async (glyphs) => {
        const family = '"Shogi Reach JP"';
        await document.fonts.load(`700 48px ${family}`, glyphs);
        const canvas = new OffscreenCanvas(64, 64);
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        // Only the site's family is named: a character it lacks falls back to a font without CJK, whose
        // empty box is the same for every character.
        const draw = (ch) => {
          ctx.clearRect(0, 0, 64, 64);
          ctx.font = `700 48px ${family}`;
          ctx.fillText(ch, 8, 52);
          const alpha = ctx.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3);
          return { ink: alpha.filter((a) => a > 0).length, key: alpha.join(',') };
        };
        const drawn = [...glyphs].map((ch) => ({ ch, ...draw(ch) }));
        return {
          check: document.fonts.check(`700 48px ${family}`, glyphs),
          blank: drawn.filter((d) => d.ink === 0).map((d) => d.ch),
          distinct: new Set(drawn.map((d) => d.key)).size,
          pieceFont: getComputedStyle(document.querySelector('#board .piece')).fontFamily,
          kings: [...document.querySelectorAll('#board .grid .piece')].filter((p) => /k/i.test(p.dataset.piece)).map((p) => p.textContent),
        };
      }, GLYPHS);
      assert.equal(probe.check, true, 'the font is loaded for every glyph');
      assert.deepEqual(probe.blank, []);
      assert.equal(probe.distinct, [...GLYPHS].length, 'every character has a glyph of its own');
      assert.match(probe.pieceFont, /^"Shogi Reach JP"/);
      assert.deepEqual(probe.kings.sort(), ['玉', '王']);
      // The font's licence ships with it, linked from the page.
      const licence = await page.evaluate(async () => (await fetch('fonts/OFL.txt')).text());
      assert.match(licence, /SIL Open Font License, Version 1\.1/);
      assert.equal(await page.getAttribute('footer a[href="fonts/OFL.txt"]', 'href'), 'fonts/OFL.txt');
    });
  });

  test("a pasted record's kanji are drawn from the site's font in the record field", async (t) => {
    // KIF/KI2/CSA/BOD words and headers (numerals, pieces, 同 打 上 引 寄 直 右 左 成 不成 生, 手合割 and the
    // handicaps, 開始日時 終了日時 棋戦 戦型 消費時間, 投了 中断 千日手 詰み 持将棋 反則 切れ, 持駒 なし).
    const RECORD = [...new Set('０１２３４５６７８９一二三四五六七八九十成香桂銀圭全杏竜龍馬と同打上引寄直右左不生' +
      '手合割平落ち枚先後下開始日時終了棋戦型数指消費間投中断千詰み持将反則切れなし駒▲△：＝')].join('');
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      await page.fill('#record-text', `開始日時：2024/01/01\n手合割：平手\n${RECORD}`);
      const probe = await page.evaluate(async (glyphs) => {
        const field = document.getElementById('record-text');
        const family = getComputedStyle(field).fontFamily;
        await document.fonts.load(`400 48px "Shogi Reach JP"`, glyphs);
        const canvas = new OffscreenCanvas(64, 64);
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        const drawn = [...glyphs].map((ch) => {
          ctx.clearRect(0, 0, 64, 64);
          ctx.font = `400 48px ${family}`;
          ctx.fillText(ch, 8, 52);
          const alpha = ctx.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3);
          return { ch, ink: alpha.filter((a) => a > 0).length, key: alpha.join(',') };
        });
        return {
          family,
          check: document.fonts.check('400 48px "Shogi Reach JP"', glyphs),
          blank: drawn.filter((d) => d.ink === 0).map((d) => d.ch),
          distinct: new Set(drawn.map((d) => d.key)).size,
        };
      }, RECORD);
      assert.match(probe.family, /^"Shogi Reach JP"/, 'the site font comes first');
      assert.equal(probe.check, true, 'the font has every glyph of a record');
      assert.deepEqual(probe.blank, []);
      assert.equal(probe.distinct, [...RECORD].length, 'every character has a glyph of its own');
    });
  });

  test('the player buttons show SVG icons, not symbol characters', async (t) => {
    await onPage(t, '?game=minishogi', async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      for (const [id, name] of [['first', 'To the start'], ['back', 'One move back'], ['forward', 'One move forward'], ['last', 'To the end']]) {
        assert.equal(await page.textContent(`#${id}`), '', id);
        assert.equal(await page.locator(`#${id} svg.icon path`).count(), 1, id);
        assert.equal(await page.getAttribute(`#${id}`, 'aria-label'), name);
      }
      assert.equal(await page.getAttribute('#play svg.icon', 'data-icon'), 'play');
      await page.click('#play');
      assert.equal(await page.getAttribute('#play svg.icon', 'data-icon'), 'pause');
      assert.equal((await page.textContent('#play')).trim(), 'Pause');
    });
  });
});

describe('one consistent state', () => {
  const reachable =
    '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1';
  const presetRows = (page) => page.$$eval('#presets option', (os) => os.filter((o) => o.value).map((o) => o.value.split(' ')[0].split('/').length));

  test("switching game gives that game's presets and a fresh history", async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      await page.click('#clear');
      assert.equal(await page.isDisabled('#undo'), false);
      assert.ok((await presetRows(page)).every((n) => n === 9));
      await page.selectOption('#game', 'minishogi');
      assert.equal(await sfenOf(page), 'rbsgk/4p/5/P4/KGSBR b - 1');
      const rows = await presetRows(page);
      assert.ok(rows.length > 0 && rows.every((n) => n === 5), JSON.stringify(rows));
      assert.equal(await page.isDisabled('#undo'), true, 'no undo back into the other game');
      // A preset of the new game loads; undo goes back to its start, never to the Shogi board.
      const preset = await page.$eval('#presets', (s) => [...s.options].find((o) => o.value && !o.value.startsWith('rbsgk/4p/5/P4/KGSBR b')).value);
      await page.selectOption('#presets', preset);
      assert.equal(await sfenOf(page), preset);
      await page.click('#undo');
      assert.equal(await sfenOf(page), 'rbsgk/4p/5/P4/KGSBR b - 1');
      assert.equal(await page.isDisabled('#undo'), true);
      assert.equal(await page.locator('#board .sq').count(), 25);
      assert.equal(await page.inputValue('#est-game'), 'minishogi', "the Estimate tab's game follows");
      // Loading a Shogi SFEN switches back, also with a fresh history.
      await page.fill('#sfen', reachable);
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'shogi');
      assert.equal(await page.isDisabled('#undo'), true);
      assert.equal(await page.locator('#board .sq').count(), 81);
    });
  });

  test('a proof under way is stopped by a game switch and by an edit; a shown verdict goes with an edit', async (t) => {
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.evaluate(() => {
        document.getElementById('prove').click();
        const game = document.getElementById('game');
        game.value = 'minishogi';
        game.dispatchEvent(new Event('change'));
      });
      assert.equal(await page.isHidden('#cancel'), true);
      assert.equal(await page.isDisabled('#prove'), false);
      // Long enough for the Shogi proof (about a second) to have landed, had it not been stopped.
      await page.waitForTimeout(3000);
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), null);
      assert.equal(await page.textContent('#verdict'), '');
      assert.equal(await page.isHidden('#player'), true);

      // Proved, then edited: the verdict and path go, a note says why.
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      assert.equal(await page.isVisible('#player'), true);
      await page.click('#side-w');
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'changed');
      assert.match(await page.textContent('#verdict'), /position has changed/);
      assert.equal(await page.isHidden('#player'), true);

      // An edit during a search stops it.
      await page.click('#side-b');
      await page.evaluate(() => {
        document.getElementById('prove').click();
        document.getElementById('side-w').click();
      });
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'changed');
      assert.match(await page.textContent('#verdict'), /search was stopped/);
      assert.equal(await page.isHidden('#cancel'), true);
    });
  });

  test('the game cannot change while an estimate runs, and a stopped run goes with a switch', async (t) => {
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      assert.equal(await page.inputValue('#est-game'), 'minishogi');
      await page.fill('#est-samples', '5000000');
      await page.click('#est-start');
      await page.waitForSelector('#est-status[data-state="progress"]', { timeout: 30_000 });
      assert.equal(await page.isDisabled('#game'), true);
      assert.equal(await page.isDisabled('#est-game'), true);
      // A Shogi SFEN loaded meanwhile is refused with a message, not a switch.
      await page.click('#tab-position-button');
      await page.fill('#sfen', reachable);
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForSelector('#sfen-error:not([hidden])');
      assert.match(await page.textContent('#sfen-error'), /Stop the estimate/);
      assert.equal(await page.inputValue('#game'), 'minishogi');
      await page.click('#tab-estimate-button');
      await page.click('#est-stop');
      await page.waitForSelector('#est-status[data-state="stopped"]', { timeout: 60_000 });
      assert.equal(await page.isDisabled('#est-game'), false);
      assert.equal(await page.isDisabled('#est-resume'), false);
      // The Estimate tab's menu switches the whole page; the stopped Mini Shogi run cannot be resumed.
      await page.selectOption('#est-game', 'shogi');
      assert.equal(await page.inputValue('#game'), 'shogi');
      assert.equal(await page.locator('#board .sq').count(), 81);
      assert.equal(await page.isDisabled('#est-resume'), true);
      assert.equal(await page.$eval('#funnel tbody tr', (r) => r.dataset.count ?? ''), '');
    });
  });
});

/** A plain (not persistent) Chromium for phone contexts: mobile emulation needs `newContext`. */
const launchPhones = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });

/** A phone of this width: touch, mobile viewport, a 2× screen. */
const phoneContext = (phones, width) =>
  phones.newContext({ viewport: { width, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

describe('phones and touch', () => {
  let phones;
  before(async () => {
    phones = await launchPhones();
  });
  after(() => phones?.close());
  const phone = (width) => phoneContext(phones, width);
  /** The page is no wider than the screen (a mobile browser would otherwise zoom out or scroll sideways). */
  async function fits(page, width, what) {
    const { scroll, inner, wide } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: innerWidth,
      wide: [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`),
    }));
    assert.ok(scroll <= width && inner === width, `${what} at ${width} px: ${scroll} px wide (${wide.join(', ')})`);
  }

  for (const width of [360, 390]) {
    test(`no horizontal overflow at ${width} px${width === 390 ? ' (Japanese)' : ''} on either tab, cold, after a proof with the whole game, after estimates of both games`, async (t) => {
      const context = await phone(width);
      try {
        // 390 px in Japanese, whose texts break differently.
        await onPage(t, `?game=minishogi${width === 390 ? '&lang=ja' : ''}`, async (page) => {
          await fits(page, width, 'Position tab');
          const board = await page.locator('#board .grid').boundingBox();
          assert.ok(board.x >= 0 && board.x + board.width <= width, JSON.stringify(board));
          // The main action is found without hunting: Prove comes right under the board and its hand.
          const prove = await page.locator('#prove').boundingBox();
          assert.ok(prove.y < board.y + board.height + 400, `Prove at ${prove.y}, the board ends at ${board.y + board.height}`);
          await page.click('#prove');
          await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
          await page.click('#whole-game');
          await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
          await fits(page, width, 'Position tab with the whole game');
          await page.click('#tab-estimate-button');
          await fits(page, width, 'Estimate tab');
          await page.fill('#est-samples', '3000');
          await page.click('#est-start');
          await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
          await page.waitForSelector('#gallery .gallery-item');
          await fits(page, width, 'Estimate tab after a run');
          // Shogi's numbers are longer (|P_K| has 68 digits) and its gallery boards larger.
          await page.selectOption('#est-game', 'shogi');
          await page.fill('#est-samples', '300');
          await page.click('#est-start');
          await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
          await fits(page, width, 'Estimate tab after a Shogi run');
          await page.click('#tab-position-button');
          await fits(page, width, 'Position tab, Shogi');
        }, { context });
      } finally {
        await context.close();
      }
    });
  }

  test("a phone's keyboard leaves SFEN and records as typed: no capital first letter (l is Gote's lance, L Sente's), no autocorrect", async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      for (const id of ['sfen', 'record-text', 'retro-filter']) {
        const attrs = await page.$eval(`#${id}`, (e) => [e.getAttribute('autocapitalize'), e.getAttribute('autocorrect'), e.spellcheck]);
        assert.deepEqual(attrs, ['off', 'off', false], id);
      }
    });
  });

  test('on a touch screen, Cycle / take one makes a tap cycle a piece and take one from a hand', async (t) => {
    const context = await phone(390);
    try {
      await onPage(t, `?game=shogi&sfen=${encodeURIComponent('4k4/9/9/9/9/9/9/9/4K4 b R 1')}`, async (page) => {
        await page.locator('#alternate').tap();
        assert.equal(await page.getAttribute('#alternate', 'aria-pressed'), 'true');
        await square(page, '5i').locator('.piece').tap();
        assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4k4 b R 1', 'the king changes colour');
        await page.locator('#board [data-hand="0"] [data-hand-kind="R"]').tap();
        assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4k4 b - 1', 'the rook goes back to the box');
        // Off again: a tap on a hand piece adds one from the box.
        await page.locator('#alternate').tap();
        await page.locator('#board [data-hand="0"] [data-hand-kind="R"]').tap();
        assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4k4 b R 1');
      }, { context });
    } finally {
      await context.close();
    }
  });
});

describe('accessibility', () => {
  test('axe-core finds nothing critical or serious: cold, proved, whole game, finished estimate with gallery', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      assert.deepEqual(await axeViolations(page), [], 'Shogi, cold');
      await page.selectOption('#game', 'minishogi');
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      assert.deepEqual(await axeViolations(page), [], 'after a proof');
      await page.click('#whole-game');
      await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
      assert.deepEqual(await axeViolations(page), [], 'with the whole game');
      await page.click('#tab-estimate-button');
      await page.fill('#est-samples', '3000');
      await page.click('#est-start');
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
      await page.waitForSelector('#gallery .gallery-item');
      assert.deepEqual(await axeViolations(page), [], 'the finished estimate and its gallery');
    });
  });

  test('the board is a grid of rows; palette buttons have distinct names; hands work from the keyboard', async (t) => {
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent('4k4/9/9/9/9/9/9/9/4K4 b R 1')}`, async (page) => {
      assert.equal(await page.locator('#board [role="grid"] > [role="row"]').count(), 9);
      assert.equal(await page.locator('#board [role="row"] > [role="gridcell"]').count(), 81);
      const names = await page.$$eval('#palette button', (bs) => bs.map((b) => b.getAttribute('aria-label')));
      assert.equal(new Set(names).size, names.length, JSON.stringify(names));
      assert.ok(names.includes('Sente rook') && names.includes('Gote rook'));
      // Tab to Sente's rook in hand: Delete takes it back to the box, Enter adds one; the focus stays.
      const rook = page.locator('#board [data-hand="0"] [data-hand-kind="R"]');
      assert.equal(await rook.evaluate((el) => el.tagName), 'BUTTON');
      await rook.focus();
      await page.keyboard.press('Delete');
      assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4K4 b - 1');
      assert.equal(await page.evaluate(() => document.activeElement.dataset.handKind), 'R');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4K4 b 2R 1');
      // The move list of a path can take the focus (it scrolls).
      assert.equal(await page.getAttribute('#moves', 'tabindex'), '0');
      // Verdicts, the whole game's status, estimates and diagnostics are live regions; errors are alerts.
      for (const id of ['verdict', 'game-status', 'est-status', 'diagnostics']) {
        assert.equal(await page.getAttribute(`#${id}`, 'aria-live'), 'polite', id);
      }
      for (const id of ['sfen-error', 'max-nodes-error']) assert.equal(await page.getAttribute(`#${id}`, 'role'), 'alert', id);
    });
  });
});

describe('polish', () => {
  test('Copy and Copy link confirm; the count diagnostic offers the fix; the header speaks plainly', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
      await page.click('#copy-sfen');
      await page.waitForSelector('#copy-status[data-state="copied"]');
      assert.equal(await page.textContent('#copy-status'), 'Copied the SFEN.');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await sfenOf(page));
      await page.click('#copy-link');
      await page.waitForFunction(() => document.getElementById('copy-status').textContent.includes('link'));
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());

      await page.click('#clear');
      assert.deepEqual(await rules(page), ['count']);
      await page.click('#diagnostics li[data-rule="count"] button.fix:has-text("☖")');
      assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1');
      assert.deepEqual(await rules(page), []);

      // Thread and isolation details are folded away; the node cap is explained in words.
      assert.equal(await page.isVisible('#engine-status details[open]'), false);
      assert.equal(await page.textContent('#engine-status summary'), 'Technical details');
      assert.doesNotMatch(await page.locator('#engine-status').innerText(), /cross-origin/);
      assert.match(await page.textContent('#max-nodes-hint'), /most positions the search may look at/);
    });
  });

  test('the whole game opens at the initial position without pieces flying in', async (t) => {
    await onPage(t, '?game=minishogi', async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      await page.waitForTimeout(400); // the path's own opening has settled
      const running = await page.evaluate(async () => {
        document.getElementById('whole-game').click();
        while (!document.getElementById('game-status').dataset.plies) await new Promise((r) => setTimeout(r, 5));
        return document.getElementById('player-board').getAnimations({ subtree: true }).length;
      });
      assert.equal(running, 0);
    });
  });

  test("the estimate plot's axes use the text's units, with a legend, and no label is cut off", async (t) => {
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      await page.fill('#est-samples', '4000');
      await page.click('#est-start');
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
      const plot = await page.evaluate(() => {
        const svg = document.getElementById('plot');
        const texts = [...svg.querySelectorAll('text')];
        const width = svg.viewBox.baseVal.width;
        return {
          titles: [...svg.querySelectorAll('.axis-title')].map((e) => e.textContent),
          legend: [...svg.querySelectorAll('.legend-text')].map((e) => e.textContent),
          outside: texts.filter((e) => { const b = e.getBBox(); return b.x < 0 || b.x + b.width > width; }).map((e) => e.textContent),
          ticks: [...svg.querySelectorAll('.tick')].map((e) => e.textContent),
        };
      });
      assert.deepEqual(plot.titles, ['|R| (× 10^18)', 'samples']);
      assert.deepEqual(plot.legend, ['estimate', '3-sigma band', "paper's value and band"]);
      assert.deepEqual(plot.outside, []);
      assert.ok(plot.ticks.includes('4,000'), JSON.stringify(plot.ticks));
      assert.ok(plot.ticks.every((t) => !/e\+/.test(t)), JSON.stringify(plot.ticks));
    });
  });
});

describe('Japanese and English', () => {
  // Each test in a fresh context of its own browser: the language is remembered per site (localStorage).
  let own;
  before(async () => {
    own = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  });
  after(() => own?.close());
  const fresh = (locale) => own.newContext({ locale, viewport: { width: 1280, height: 1000 } });
  const near = 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1';

  test('a Japanese browser gets the Japanese page; English is a switch away, and remembered', async (t) => {
    const context = await fresh('ja-JP');
    try {
      await onPage(t, '?game=shogi', async (page) => {
        assert.equal(await page.getAttribute('html', 'lang'), 'ja');
        assert.equal(await page.textContent('#tab-position-button'), '局面');
        assert.equal(await page.textContent('#prove'), '到達可能か調べる');
        assert.equal(await page.inputValue('#language'), 'ja');
        await Promise.all([page.waitForNavigation(), page.selectOption('#language', 'en')]);
        await page.waitForSelector('#engine-status[data-state="ready"]');
        assert.equal(await page.getAttribute('html', 'lang'), 'en');
        assert.equal(await page.textContent('#prove'), 'Prove reachability');
        // Remembered: the same address without ?lang= opens in English.
        const url = new URL(page.url());
        url.searchParams.delete('lang');
        await page.goto(url.href);
        await page.waitForSelector('#engine-status[data-state="ready"]');
        assert.equal(await page.textContent('#tab-position-button'), 'Position');
      }, { context });
    } finally {
      await context.close();
    }
  });

  test('in Japanese: diagnostics name squares as ５一, verdicts, the whole game in Japanese notation', async (t) => {
    const context = await fresh('en-US');
    const native = JSON.parse(cli('proof-game', '--format', 'json', near));
    try {
      const check = '4k4/9/9/9/4R4/9/9/9/4K4 b B2G2S2N2L9Prb2g2s2n2l9p 1';
      await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(check)}`, async (page) => {
        assert.deepEqual(await rules(page), ['king']);
        assert.equal(await page.textContent('#diagnostics li[data-rule="king"]'), 'king 手番でない側の玉に王手がかかっています（５一、５五）');
        await page.click('#clear');
        assert.deepEqual(await rules(page), ['count']);
        assert.match(await page.textContent('#diagnostics'), /駒が足りません（金4枚、桂4枚、香4枚、歩18枚、銀4枚、飛2枚、角2枚）/);
        // Not a position at all: the engine's reason, retold.
        await page.fill('#sfen', '4k4/9/9/9/9/9/9/9/4K3k b - 1');
        await page.click('#sfen-form button[type="submit"]');
        await page.waitForSelector('#diagnostics li[data-rule="setup"]');
        assert.match(await page.textContent('#diagnostics li[data-rule="setup"]'), /局面になっていません：後手の玉が二枚以上あります/);
        await page.fill('#sfen', near);
        await page.click('#sfen-form button[type="submit"]');
        await page.waitForFunction((s) => document.getElementById('sfen').value === s, near);
        await page.click('#prove');
        await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
        assert.match(await page.textContent('#verdict'), /^到達可能：\d+手遡って/);
        await page.click('#whole-game');
        await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
        assert.match(await page.textContent('#game-status'), /3手：最短の棋譜です/);
        const moves = await page.$$eval('#moves li .notation', (els) => els.map((e) => e.textContent));
        assert.deepEqual(moves, ['初期局面', ...native.moves.map((m, i) => `${i + 1}. ${m.japanese}`)]);
        assert.match(await page.textContent('#player-caption'), /^初期局面/);
        assert.deepEqual(await axeViolations(page), [], 'axe, in Japanese with the whole game');
      }, { context });
    } finally {
      await context.close();
    }
  });

  test('in Japanese: the Estimate tab, its tables and status', async (t) => {
    const context = await fresh('ja');
    try {
      await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
        await page.fill('#est-samples', '2000');
        await page.click('#est-start');
        await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
        assert.match(await page.textContent('#est-status'), /^完了：2,000標本中2,000/);
        assert.deepEqual(await page.$$eval('#funnel thead th', (ths) => ths.map((th) => th.textContent)).then((h) => h.slice(0, 2)), ['検査', '標本数']);
        assert.equal(await page.textContent('#stage-counts tbody tr[data-stage="OK"] td:nth-child(2)'), '到達可能');
        assert.match(await page.textContent('#est-result'), /論文の値/);
        assert.match(await page.textContent('#gallery .gallery-item > span'), /^標本 \d+/);
        assert.deepEqual(await axeViolations(page), [], 'axe, in Japanese, finished estimate');
      }, { context });
    } finally {
      await context.close();
    }
  });
});

describe('robustness', () => {
  const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

  for (const game of ['constructor', '__proto__', 'toString']) {
    test(`?game=${game} (a property every object has) says there is no such game and shows Shogi`, async (t) => {
      await onPage(t, `?game=${game}`, async (page) => {
        assert.equal(await page.inputValue('#game'), 'shogi');
        assert.equal(await page.locator('#board .sq').count(), 81);
        assert.equal(await sfenOf(page), START);
        assert.deepEqual(await rules(page), []);
        assert.equal(await page.isVisible('#sfen-error'), true);
        const message = await page.textContent('#sfen-error');
        assert.ok(message.includes(`no game "${game}"`), message);
        assert.match(message, /showing Shogi/);
        assert.equal(new URL(page.url()).searchParams.get('game'), 'shogi');
      });
    });
  }

  test('an unknown game with a Mini Shogi SFEN shows that position in Mini Shogi', async (t) => {
    const sfen = 'rbsgk/4p/5/P4/KGSBR b - 1';
    await onPage(t, `?game=chess&sfen=${encodeURIComponent(sfen)}`, async (page) => {
      assert.equal(await page.inputValue('#game'), 'minishogi');
      assert.equal(await sfenOf(page), sfen);
      assert.match(await page.textContent('#sfen-error'), /no game "chess".*showing Mini Shogi/);
    });
  });

  test('a bad ?sfen= shows its error and keeps the text in the SFEN field and the link', async (t) => {
    const bad = '4k4/9/9/9/9/9/9/9/4K4 x - 1';
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(bad)}`, async (page) => {
      // The board shows the initial position, diagnosed; the error stays once the diagnostics are in.
      await page.waitForSelector(`#diagnostics[data-sfen="${START}"]`);
      assert.equal(await page.locator('#board .grid .piece').count(), 40);
      assert.equal(await sfenOf(page), bad);
      assert.equal(urlSfen(page), bad);
      assert.equal(await page.isVisible('#sfen-error'), true);
      assert.match(await page.textContent('#sfen-error'), /could not be read: side to move must be b or w, found "x"/);
      // Corrected and loaded: the error goes and the position is shown.
      await page.fill('#sfen', bad.replace(' x ', ' b '));
      await page.click('#sfen-form button[type="submit"]');
      await page.waitForFunction(() => document.getElementById('sfen-error').hidden);
      assert.equal(await sfenOf(page), '4k4/9/9/9/9/9/9/9/4K4 b - 1');
      assert.equal(await page.locator('#board .grid .piece').count(), 2);
    });
  });

  test('the node cap must be a whole number from 1 to 1e9: anything else is refused with a message', async (t) => {
    const reachable =
      '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1';
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      // 4294967297 would wrap to 1 as a 32-bit number.
      for (const cap of ['0', '-5', '1.5', '1000000001', '4294967297', '']) {
        await page.fill('#max-nodes', cap);
        await page.click('#prove');
        await page.waitForSelector('#max-nodes-error:not([hidden])');
        assert.match(await page.textContent('#max-nodes-error'), /whole number from 1 to 1,000,000,000/, cap);
        assert.equal(await page.getAttribute('#max-nodes', 'aria-invalid'), 'true', cap);
        assert.equal(await page.getAttribute('#verdict', 'data-verdict'), null, `no search for ${cap}`);
        assert.equal(await page.isDisabled('#prove'), false);
      }
      // The smallest cap is accepted: the message goes, and the search stops at once with unknown.
      await page.fill('#max-nodes', '1');
      assert.equal(await page.isHidden('#max-nodes-error'), true);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="unknown"]', { timeout: 30_000 });
      assert.equal(await page.getAttribute('#max-nodes', 'aria-invalid'), null);
    });
  });

  test('the box never shows a negative count: too many pieces are marked and explained', async (t) => {
    const tooMany = '4k4/9/9/9/9/9/9/9/4K4 b 999999P3g 1';
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(tooMany)}`, async (page) => {
      assert.equal(await sfenOf(page), tooMany);
      assert.ok((await rules(page)).length > 0, 'the diagnostics flag the position');
      const counts = await page.$$eval('#box .box-item', (items) => items.map((i) => Number(i.dataset.count)));
      assert.ok(counts.length > 0 && counts.every((n) => n >= 0), JSON.stringify(counts));
      assert.doesNotMatch(await page.textContent('#box'), /-\d/);
      assert.equal(await page.getAttribute('#box [data-kind="P"]', 'data-excess'), '999981');
      assert.equal(await page.getAttribute('#box [data-kind="P"]', 'data-count'), '0');
      assert.match(await page.getAttribute('#box [data-kind="P"]', 'class'), /too-many/);
      assert.equal(await page.getAttribute('#box [data-kind="G"]', 'data-count'), '1');
      assert.equal(await page.getAttribute('#box [data-kind="G"]', 'data-excess'), null);
      assert.equal(await page.isVisible('#box-note'), true);
      assert.match(await page.textContent('#box-note'), /P: 999,981 more than the 18 the game has/);
      // Back within the piece set (Clear keeps only the kings): the note goes.
      await page.click('#clear');
      assert.equal(await page.getAttribute('#box [data-kind="P"]', 'data-count'), '18');
      assert.equal(await page.isHidden('#box-note'), true);
    });
  });
});

describe('proving', () => {
  const reachable =
    '2K1lp1l1/1P3P3/4+L2P1/2p2+b1N1/2+p5S/pp+pp+NB1pp/+pr1g1g1+s+P/+r1s1+n+pkg+S/P1P1+PgN2 b L 1';

  test('a reachable Shogi position is proved and its path animates back to a KK position', async (t) => {
    const native = JSON.parse(cli('prove', '--json', reachable));
    await onPage(t, `?game=shogi&labels=western&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict]', { timeout: 60_000 });
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'reachable');
      assert.equal(Number(await page.getAttribute('#verdict', 'data-plies')), native.path.length);
      const moves = await page.$$eval('#moves li .usi', (els) => els.map((e) => e.textContent).filter(Boolean));
      assert.deepEqual(moves, native.path.map((s) => s.move));
      // In English the moves are in Western notation: piece, origin when ambiguous, -, x or *, square, + or =.
      const western = await page.$$eval('#moves li .notation', (els) => els.slice(1).map((e) => e.textContent));
      assert.equal(western.length, native.path.length);
      western.forEach((w, i) => {
        const m = /^(\d+)\. (\+?[KRBGSNLP])(\d[a-i])?([-x*])(\d[a-i])([+=]?)$/.exec(w);
        assert.ok(m, w);
        const usi = native.path[i].move;
        assert.equal(m[5], usi.slice(2, 4), w);
        assert.equal(m[4] === '*', usi[1] === '*', w);
        assert.equal(m[6] === '+', usi.endsWith('+'), w);
      });
      assert.ok(western.some((w) => w.includes('*')) && western.some((w) => w.endsWith('+')), 'drops and promotions');

      // The player starts at the KK position: only the two kings on the board, all else in the hands.
      assert.equal(await page.locator('#player-board .grid .piece').count(), 2);
      const inHands = await page.$$eval('#player-board .hand-item .count', (cs) => cs.reduce((n, c) => n + Number(c.textContent), 0));
      assert.equal(inHands, 38);
      // Play it backwards, fast, from the proved position to the KK position.
      await page.selectOption('#speed', '250');
      await page.selectOption('#direction', 'backward');
      assert.equal(await page.getAttribute('#player-caption', 'data-index'), String(native.path.length));
      const onBoard = (await page.locator('#player-board .grid .piece').count());
      assert.equal(onBoard, [...reachable.split(' ')[0]].filter((c) => /[a-z]/i.test(c)).length);
      // One step in the chosen direction: the last move is taken back and highlighted.
      await page.click('#forward');
      assert.equal(await page.getAttribute('#player-caption', 'data-index'), String(native.path.length - 1));
      const last = native.path.at(-1).move;
      const to = page.locator(`#player-board [data-square="${index(last.slice(2, 4))}"]`);
      assert.match(await to.getAttribute('class'), /last-to/);
      await page.click('#play');
      await page.waitForSelector('#player-caption[data-index="0"]', { timeout: 60_000 });
      assert.equal(await page.locator('#player-board .grid .piece').count(), 2);
      assert.equal((await page.textContent('#play')).trim(), 'Play');
      // Scrubbing jumps anywhere: the end is the proved position again.
      await page.locator('#scrub').fill(String(native.path.length));
      assert.equal(await page.getAttribute('#player-caption', 'data-index'), String(native.path.length));
    });
  });

  test('the whole game by the KK route plays, and downloads as KIF and USI', async (t) => {
    const native = JSON.parse(cli('proof-game', '--method', 'kk', '--format', 'json', reachable));
    await onPage(t, `?game=shogi&labels=western&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
      // No budget for the short search: the KK route's game, as the CLI's --method kk.
      await page.selectOption('#game-budget', '0');
      await page.click('#whole-game');
      await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
      assert.equal(Number(await page.getAttribute('#game-status', 'data-plies')), native.plies);
      assert.equal(await page.getAttribute('#game-status', 'data-method'), 'kk');
      assert.match(await page.textContent('#game-status'), /by the KK route/);
      const moves = await page.$$eval('#moves li .usi', (els) => els.map((e) => e.textContent).filter(Boolean));
      assert.deepEqual(moves, native.moves.map((m) => m.move));
      // It starts at the initial position (40 pieces on the board) and ends at the position.
      assert.equal(await page.locator('#player-board .grid .piece').count(), 40);
      await page.click('#last');
      assert.equal(await page.getAttribute('#player-caption', 'data-index'), String(native.plies));
      const onBoard = [...reachable.split(' ')[0]].filter((c) => /[a-z]/i.test(c)).length;
      assert.equal(await page.locator('#player-board .grid .piece').count(), onBoard);
      for (const [button, text] of [['#download-kif', native.kif], ['#download-usi', `${native.usi}\n`]]) {
        const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
        const path = await file.path();
        assert.equal((await import('node:fs')).readFileSync(path, 'utf8'), text);
      }
      await page.click('#path-only');
      assert.equal(await page.locator('#player-board .grid .piece').count(), 2);
    });
  });

  test('a position three plies from the start gets the shortest possible game, as the CLI', async (t) => {
    // After 7g7f 3c3d 2g2f.
    const near = 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 1';
    const native = JSON.parse(cli('proof-game', '--format', 'json', near));
    assert.deepEqual([native.method, native.plies, native.shortest], ['short', 3, true]);
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(near)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
      await page.click('#whole-game');
      await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
      assert.equal(await page.getAttribute('#game-status', 'data-plies'), '3');
      assert.equal(await page.getAttribute('#game-status', 'data-method'), 'short');
      assert.equal(await page.getAttribute('#game-status', 'data-shortest'), 'true');
      assert.match(await page.textContent('#game-status'), /3 moves: the shortest possible game/);
      const moves = await page.$$eval('#moves li .usi', (els) => els.map((e) => e.textContent).filter(Boolean));
      assert.deepEqual(moves, native.moves.map((m) => m.move));
      const western = await page.$$eval('#moves li .notation', (els) => els.slice(1).map((e) => e.textContent));
      assert.deepEqual(western, native.moves.map((m, i) => `${i + 1}. P-${m.move.slice(2, 4)}`));
      assert.equal(await page.locator('#player-board .grid .piece').count(), 40);
    });
  });

  test('building the whole game shows progress and can be cancelled; the next one runs', async (t) => {
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
      // 25 times the budget for the short search, which finds no game for this random position: cancel it
      // mid-search.
      await page.selectOption('#game-budget', '25');
      await page.click('#whole-game');
      await page.waitForFunction(() => /searching for a short game: [\d,]+ positions/.test(
        document.getElementById('game-status').textContent), null, { timeout: 30_000 });
      assert.equal(await page.isDisabled('#whole-game'), true);
      await page.click('#game-cancel');
      await page.waitForSelector('#game-status[data-state="cancelled"]');
      assert.equal(await page.isHidden('#game-cancel'), true);
      assert.equal(await page.isDisabled('#whole-game'), false);
      // The path stays; the game is built in a fresh worker on request. With the standard budget (counted
      // in positions) it is the command line's game, move for move.
      assert.equal(await page.isVisible('#player'), true);
      await page.selectOption('#game-budget', '1');
      await page.click('#whole-game');
      await page.waitForSelector('#game-status[data-state="done"]', { timeout: 60_000 });
      const native = JSON.parse(cli('proof-game', '--format', 'json', reachable));
      assert.equal(await page.getAttribute('#game-status', 'data-method'), native.method);
      assert.equal(Number(await page.getAttribute('#game-status', 'data-plies')), native.plies);
      const moves = await page.$$eval('#moves li .usi', (els) => els.map((e) => e.textContent).filter(Boolean));
      assert.deepEqual(moves, native.moves.map((m) => m.move));
    });
  });

  test('unreachable positions report their stage and how far back they were traced', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      const cases = [
        ['search dies 2 plies back', 'reach', /at most 2 plies/],
        ['no legal predecessor', 'prev', /no legal move leads to this position/],
        ['two pawns on a file', 'piece', /two unpromoted pawns/],
        ['side not to move is in check', 'king', /side not to move is in check/],
      ];
      for (const [preset, stage, text] of cases) {
        const value = await page.$eval('#presets', (s, p) => [...s.options].find((o) => o.text.includes(p)).value, preset);
        await page.selectOption('#presets', value);
        await page.click('#prove');
        await page.waitForSelector(`#verdict[data-verdict="unreachable"][data-stage="${stage}"]`, { timeout: 30_000 });
        assert.match(await page.textContent('#verdict'), text);
        assert.equal(JSON.parse(cli('prove', '--json', value)).stage, stage);
        assert.equal(await page.isHidden('#player'), true);
      }
    });
  });

  test('a node cap gives the verdict unknown, and a search can be cancelled', async (t) => {
    await onPage(t, `?game=shogi&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.fill('#max-nodes', '1000');
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="unknown"]', { timeout: 30_000 });
      assert.match(await page.textContent('#verdict'), /node cap/);
      // Cancelled before it can finish (in the same task as the start): the worker is stopped, the
      // page says so, and the next proof runs in a new worker.
      await page.fill('#max-nodes', '1000000');
      await page.evaluate(() => {
        document.getElementById('prove').click();
        document.getElementById('cancel').click();
      });
      await page.waitForSelector('#verdict[data-verdict="cancelled"]');
      assert.equal(await page.isHidden('#cancel'), true);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
    });
  });
});

/** Runs an estimate in the page and returns what its tables show. */
async function estimate(page, { variant, samples, seed, threads }) {
  await page.click('#tab-estimate-button');
  await page.selectOption('#est-game', variant);
  await page.fill('#est-samples', String(samples));
  await page.fill('#est-seed', String(seed));
  await page.fill('#est-threads', String(threads));
  await page.click('#est-start');
  await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 300_000 });
  const funnel = await page.$$eval('#funnel tbody tr', (rows) => rows.map((r) => Number(r.dataset.count)));
  const traced = await page.$$eval('#traced tbody tr', (rows) => rows.map((r) => Number(r.dataset.count)));
  const stages = await stageCounts(page);
  const reachable = Number(await page.getAttribute('#est-result .estimate', 'data-reachable'));
  return { funnel, traced, stages, reachable, status: await page.textContent('#est-status') };
}

/** The estimate tab's stage table: [[stage name, samples decided there (NaN before a run)], ...]. */
const stageCounts = (page) =>
  page.$$eval('#stage-counts tbody tr', (rows) => rows.map((r) => [r.dataset.stage, Number(r.dataset.count)]));

function nativeEstimate(variant, samples, seed) {
  const r = JSON.parse(cli('estimate', '--variant', variant, '--samples', samples, '--seed', seed, '--json'));
  return { funnel: r.funnel.map(([, n]) => n), traced: r.tally.traced_back, stages: Object.entries(r.tally.stages) };
}

describe('estimates', () => {
  test('a threaded Mini Shogi estimate equals the native CLI for the same seed', async (t) => {
    await onPage(t, '', async (page) => {
      assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
      const got = await estimate(page, { variant: 'minishogi', samples: 20000, seed: 4242, threads: 2 });
      assert.match(got.status, /2 threads \(threaded WebAssembly, rayon\)/);
      const want = nativeEstimate('minishogi', '20000', '4242');
      assert.deepEqual(got.funnel, want.funnel);
      assert.deepEqual(got.traced, want.traced);
      assert.deepEqual(got.stages, want.stages);
      assert.equal(got.reachable, Object.fromEntries(want.stages).OK);
      // A gallery position opens in the editor and is proved reachable there.
      const first = page.locator('#gallery .gallery-item').first();
      const sfen = await first.getAttribute('data-sfen');
      await first.click();
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      assert.equal(await sfenOf(page), sfen);
    });
  });

  test('stop and resume give the same counts as an uninterrupted run', async (t) => {
    await onPage(t, '', async (page) => {
      await page.click('#tab-estimate-button');
      await page.selectOption('#est-game', 'minishogi');
      await page.fill('#est-samples', '300000');
      await page.fill('#est-seed', '99');
      await page.fill('#est-threads', '2');
      await page.click('#est-start');
      await page.waitForSelector('#est-status[data-state="progress"]');
      await page.click('#est-stop');
      await page.waitForSelector('#est-status[data-state="stopped"]', { timeout: 60_000 });
      const stoppedAt = await page.$eval('#funnel tbody tr', (r) => Number(r.dataset.count));
      assert.ok(stoppedAt > 0 && stoppedAt < 300000, `stopped after ${stoppedAt} samples`);
      await page.click('#est-resume');
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 300_000 });
      const funnel = await page.$$eval('#funnel tbody tr', (rows) => rows.map((r) => Number(r.dataset.count)));
      assert.deepEqual(funnel, nativeEstimate('minishogi', '300000', '99').funnel);
    });
  });
});

describe('stages', () => {
  test("the stage table follows the engine's stages() and a run's counts add up by name", async (t) => {
    await onPage(t, '?tab=estimate', async (page) => {
      const names = ['count', 'flip', 'piece', 'king', 'prev', 'reach', 'OK', 'unknown'];
      await page.waitForFunction((n) => document.querySelectorAll('#stage-counts tbody tr').length === n, names.length);
      assert.deepEqual((await stageCounts(page)).map(([name]) => name), names);
      const verdicts = await page.$$eval('#stage-counts tbody tr', (rows) => rows.map((r) => r.dataset.verdict));
      assert.deepEqual(verdicts, [...Array(6).fill('unreachable'), 'reachable', 'unknown']);
      const got = await estimate(page, { variant: 'minishogi', samples: 2000, seed: 7, threads: 2 });
      const counts = Object.fromEntries(got.stages);
      assert.equal(Object.values(counts).reduce((a, b) => a + b, 0), 2000);
      assert.equal(counts.count, 0, 'sampled candidates always hold the full piece set');
      // The funnel's last row (reachability) is the samples proved reachable, as the p̂ line says.
      assert.equal(got.funnel.at(-1), counts.OK);
      assert.equal(got.reachable, counts.OK);
      assert.ok(counts.OK > 0 && counts.flip > 0, JSON.stringify(counts));
    });
  });
});

describe('Shogi estimates', () => {
  test('a threaded Shogi estimate equals the native CLI for the same seed', async (t) => {
    await onPage(t, '', async (page) => {
      const got = await estimate(page, { variant: 'shogi', samples: 3000, seed: 11, threads: 2 });
      assert.deepEqual(got.funnel, nativeEstimate('shogi', '3000', '11').funnel);
    });
  });
});

describe('without cross-origin isolation', () => {
  test('the page says so, proves positions and estimates with a pool of plain workers', async (t) => {
    await onPage(t, '?game=minishogi', async (page) => {
      assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
      assert.match(await page.textContent('#engine-status'), /not cross-origin isolated/);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      const got = await estimate(page, { variant: 'minishogi', samples: 20000, seed: 4242, threads: 2 });
      assert.match(got.status, /2 workers \(single-threaded WebAssembly each; page not cross-origin isolated\)/);
      assert.deepEqual(got.funnel, nativeEstimate('minishogi', '20000', '4242').funnel);
    }, { coi: false });
  });
});

describe('game records, taking moves back, certificates', () => {
  const RECORDS = join(ROOT, 'crate/tests/data/records');
  // Reachable 17 plies back to KK, and a `reach` unreachable position (the search dies 4 plies back).
  const MINI_REACHABLE = '3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1';
  const MINI_REACH = '1+r3/bs3/gs3/2b2/K+rk2 b GPp 1';
  const SHOGI_NO_PREV =
    '+P+S3g+S2/3p1p+L2/+Pp1+s2+p+pn/1+p2+N1+l1P/G1+L1n4/+P4+b+n+P1/1R+PKr2p1/+p1gP4L/2G+Bs+P2k b 2p 1';
  /** Board, side and hands of an SFEN (the move number differs between writers). */
  const position = (sfen) => sfen.split(' ').slice(0, 3).join(' ');
  const scratch = mkdtempSync(join(tmpdir(), 'shogi-reach-records-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));
  /** A record file written by the CLI: the proof game of `sfen`, as KIF. */
  function proofGameKif(variant, sfen) {
    const file = join(scratch, `${variant}-${position(sfen).replace(/[^a-z0-9]/gi, '_')}.kif`);
    writeFileSync(file, cli('proof-game', '--format', 'kif', '--variant', variant, sfen));
    return file;
  }
  /** The position after `ply` moves of a record, as the CLI reads it. */
  const afterPly = (file, ply) => JSON.parse(cli('prove', '--json', '--record', file, '--ply', String(ply))).sfen;
  const recordTexts = (page) =>
    page.$$eval('#record-moves button', (bs) => bs.map((b) => b.firstChild.textContent));
  async function readRecord(page, text) {
    await page.fill('#record-text', text);
    await page.click('#record-read');
    await page.waitForSelector('#record-moves button[aria-current]');
  }
  /** Waits for the explorer to list the editor's position. */
  async function retroShown(page) {
    const sfen = await sfenOf(page);
    await page.waitForSelector(`#retro-moves[data-state="done"][data-sfen="${sfen}"]`);
  }
  async function whyOf(page) {
    await page.click('#prove');
    await page.waitForSelector('#verdict[data-verdict="unreachable"]', { timeout: 30_000 });
    await page.click('#why');
    await page.waitForSelector('#certificate[data-stage]', { timeout: 30_000 });
  }
  /** Opens the reach tree from the root down to `leaf` (node indices from the CLI's tree), the last by keyboard. */
  async function openToLeaf(page, tree, leaf) {
    const chain = [];
    for (let i = leaf; i !== null; i = tree[i].parent) chain.unshift(i);
    for (const i of chain.slice(1, -1)) await page.click(`#certificate .cert-node[data-node="${i}"] > summary`);
    await page.focus(`#certificate .cert-node[data-node="${leaf}"] > summary`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(`#certificate .cert-node[data-node="${leaf}"][open] .cert-candidates`);
  }

  test('a KIF from the CLI lists its moves in Western notation; a chosen move loads its position, which proves', async (t) => {
    const file = proofGameKif('shogi', 'lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 1');
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      await readRecord(page, readFileSync(file, 'utf8'));
      assert.deepEqual(await recordTexts(page), ['Start', '1. P-7f', '2. P-3d', '3. Bx2b+']);
      assert.match(await page.textContent('#record-status'), /kif, Shogi, 3 moves/);
      assert.equal(position(await sfenOf(page)), position(afterPly(file, 3)), 'the last position is loaded');
      await page.click('#record-moves button[data-ply="2"]');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, 2)));
      assert.equal(position(urlSfen(page)), position(afterPly(file, 2)));
      assert.equal(await page.getAttribute('#record-moves button[data-ply="2"]', 'aria-current'), 'true');
      // From the keyboard: arrows step, Home goes to the start, End to the last move.
      await page.keyboard.press('ArrowRight');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, 3)));
      await page.keyboard.press('Home');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, 0)));
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, 2)));
      assert.equal(await page.evaluate(() => document.activeElement.dataset.ply), '2');
      assert.deepEqual(await rules(page), []);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      // An edit leaves the record: no move stays marked.
      await page.click('#side-w');
      await page.waitForFunction(() => !document.querySelector('#record-moves [aria-current]'));
    });
  });

  test('a Shift_JIS handicap KIF opened as a file, and a Mini Shogi record dropped on the page', async (t) => {
    const expected = Object.fromEntries(readFileSync(join(RECORDS, 'expected.tsv'), 'utf8').trim().split('\n').slice(1)
      .map((row) => row.split('\t')).map(([name, game, plies, sfen]) => [name, { game, plies: Number(plies), sfen }]));
    await onPage(t, '?game=minishogi&lang=en', async (page) => {
      await page.setInputFiles('#record-file', join(RECORDS, 'handicap-1.kif'));
      await page.waitForSelector('#record-moves button[aria-current]');
      const want = expected['handicap-1.kif'];
      assert.equal(await page.inputValue('#game'), 'shogi', 'the record switches the game');
      assert.equal(await page.locator('#board .sq').count(), 81);
      assert.equal((await recordTexts(page)).length, want.plies + 1);
      assert.equal(position(await sfenOf(page)), position(want.sfen));
      assert.deepEqual(await rules(page), ['count'], 'a handicap lacks pieces');
      // A file dropped anywhere on the page: a Mini Shogi KI2 switches back to Mini Shogi.
      await page.evaluate(() => {
        const data = new DataTransfer();
        data.items.add(new File(['手合割：５五将棋\n▲１二飛　△同金\n'], 'mini.ki2'));
        document.querySelector('#board').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      });
      await page.waitForFunction(() => document.querySelector('#record-status').textContent.startsWith('mini.ki2'));
      await page.waitForSelector('#record-moves button[aria-current]');
      assert.equal(await page.inputValue('#game'), 'minishogi');
      assert.equal(await page.inputValue('#est-game'), 'minishogi');
      assert.equal(await sfenOf(page), 'rbs1k/4g/5/P4/KGSB1 b Pr 1');
      assert.deepEqual(await recordTexts(page), ['Start', '1. Rx1b', '2. Gx1b']);
      await page.click('#record-moves button[data-ply="0"]');
      assert.equal(await sfenOf(page), 'rbsgk/4p/5/P4/KGSBR b - 1');
    });
  });

  test('a bad record shows its line in an alert, and the editor keeps its position', async (t) => {
    await onPage(t, '?game=shogi&lang=ja', async (page) => {
      const before = await sfenOf(page);
      await page.fill('#record-text', '▲７六歩 △３四歩\n▲５八金\n');
      await page.click('#record-read');
      await page.waitForSelector('#record-error:not([hidden])');
      assert.match(await page.textContent('#record-error'), /^この棋譜は読めません：2行目：3手目「５八金」は６九→５八と４九→５八のどちらか/);
      assert.equal(await page.getAttribute('#record-error', 'role'), 'alert');
      assert.equal(await page.getAttribute('#record-text', 'aria-invalid'), 'true');
      assert.equal(await sfenOf(page), before);
      assert.equal(await page.locator('#record-moves li').count(), 0);
      // Corrected, it reads, in Japanese notation, and the message goes.
      await readRecord(page, '▲７六歩 △３四歩\n▲５八金右\n');
      assert.equal(await page.isHidden('#record-error'), true);
      assert.deepEqual(await recordTexts(page), ['開始局面', '1. ☗７六歩', '2. ☖３四歩', '3. ☗５八金右']);
    });
  });

  test('a 300 MiB record opened or dropped is refused by its size, unread, naming the 1 MiB limit', async (t) => {
    const big = join(scratch, 'big.kif');
    writeFileSync(big, '');
    truncateSync(big, 300 << 20); // sparse: nothing is written
    const want = {
      en: /^This record cannot be read: big\.kif: record of 314572800 bytes: at most 1048576 \(1 MiB\) are read$/,
      ja: /^この棋譜は読めません：big\.kif：棋譜が大きすぎます：314,572,800バイト（読めるのは1,048,576バイト＝1 MiBまで）$/,
    };
    for (const lang of ['en', 'ja']) {
      await onPage(t, `?game=shogi&lang=${lang}`, async (page) => {
        const before = await sfenOf(page);
        await countReads(page);
        const since = Date.now();
        await page.setInputFiles('#record-file', big);
        await page.waitForSelector('#record-error:not([hidden])', { timeout: 5000 });
        assert.ok(Date.now() - since < 5000, `refused in ${Date.now() - since} ms`);
        assert.match(await page.textContent('#record-error'), want[lang]);
        // The same file dropped on the page (the File of the input, not a copy in memory).
        await page.evaluate(() => {
          document.getElementById('record-error').hidden = true;
          const data = new DataTransfer();
          data.items.add(document.getElementById('record-file').files[0]);
          document.querySelector('#board').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        });
        await page.waitForSelector('#record-error:not([hidden])', { timeout: 5000 });
        assert.match(await page.textContent('#record-error'), want[lang]);
        assert.deepEqual(await page.evaluate(() => window.__reads), [], 'the file was not read');
        assert.equal(await sfenOf(page), before, 'the editor keeps its position');
        // A record within the limit still reads, and is read no further than the limit.
        await page.evaluate(() => {
          const data = new DataTransfer();
          data.items.add(new File(['手合割：５五将棋\n▲１二飛　△同金\n'], 'mini.ki2'));
          document.querySelector('#board').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        });
        await page.waitForSelector('#record-moves button[aria-current]');
        assert.equal(await page.isHidden('#record-error'), true);
        const reads = await page.evaluate(() => window.__reads);
        assert.ok(reads.length >= 1 && reads.every(([, bytes]) => bytes <= (1 << 20) + 1), JSON.stringify(reads));
      });
    }
  });

  test('the explorer takes back three moves of a record as the CLI does, and comes forward again', async (t) => {
    const file = proofGameKif('minishogi', MINI_REACHABLE);
    const plies = JSON.parse(cli('prove', '--json', '--record', file)).sfen === MINI_REACHABLE
      ? readFileSync(file, 'utf8').split('\n').filter((l) => /^\s*\d+ /.test(l)).length : NaN;
    assert.ok(plies > 3, `the record has ${plies} moves`);
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      await readRecord(page, readFileSync(file, 'utf8'));
      assert.equal(position(await sfenOf(page)), position(MINI_REACHABLE));
      assert.equal(await page.inputValue('#game'), 'minishogi');
      for (let k = 1; k <= 3; k++) {
        await retroShown(page);
        const here = await sfenOf(page);
        const listing = JSON.parse(cli('predecessors', '--json', '--variant', 'minishogi', here));
        assert.equal(await page.locator('#retro-moves > li').count(), listing.moves);
        assert.match(await page.textContent('#retro-count'), new RegExp(`^${listing.moves} last moves?, ${listing.predecessors} positions? before`));
        // The record's move, with what it captured, as the CLI lists them.
        const earlier = position(afterPly(file, plies - k));
        const move = listing.last_moves.find((m) => m.before.some((b) => position(b.sfen) === earlier));
        const captured = move.before.find((b) => position(b.sfen) === earlier).captured ?? '';
        await page.click(`#retro-moves li[data-usi="${move.usi}"] button[data-captured="${captured}"]`);
        assert.equal(position(await sfenOf(page)), earlier, `take-back ${k}: ${move.usi}`);
        assert.equal(await page.getAttribute('#retro-trail', 'data-length'), String(k + 1));
        assert.equal(await page.getAttribute('#retro-trail', 'data-at'), String(k));
      }
      // The editor works there: diagnostics and Prove.
      assert.deepEqual(await rules(page), []);
      await page.click('#prove');
      await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
      assert.equal(await page.locator('#retro-trail button[aria-current="step"]').textContent(),
        await page.locator('#retro-trail button').nth(3).textContent());
      // Forward again along the breadcrumb, to the record's last position; the verdict goes with the position.
      for (let k = 2; k >= 0; k--) {
        await page.click('#retro-forward');
        assert.equal(position(await sfenOf(page)), position(afterPly(file, plies - k)));
        assert.equal(await page.getAttribute('#retro-trail', 'data-at'), String(k));
      }
      assert.equal(await page.getAttribute('#verdict', 'data-verdict'), 'changed');
      assert.equal(await page.isDisabled('#retro-forward'), true);
      await page.click('#retro-back');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, plies - 1)));
      await page.click('#retro-trail button[data-crumb="3"]');
      assert.equal(position(await sfenOf(page)), position(afterPly(file, plies - 3)));
      // The filter keeps the moves of a kind of piece, or to or from a square, as the CLI's --piece and --square.
      await retroShown(page);
      const here = await sfenOf(page);
      const first = JSON.parse(cli('predecessors', '--json', '--variant', 'minishogi', here)).last_moves[0];
      const square = first.usi.slice(2, 4);
      await page.fill('#retro-filter', square);
      const bySquare = JSON.parse(cli('predecessors', '--json', '--variant', 'minishogi', '--square', square, here));
      assert.deepEqual(await page.$$eval('#retro-moves > li', (lis) => lis.map((li) => li.dataset.usi)),
        bySquare.last_moves.map((m) => m.usi));
      const kind = first.piece.replace('+', '').toUpperCase();
      await page.fill('#retro-filter', kind);
      const byPiece = JSON.parse(cli('predecessors', '--json', '--variant', 'minishogi', '--piece', kind, here));
      assert.deepEqual(await page.$$eval('#retro-moves > li', (lis) => lis.map((li) => li.dataset.usi)),
        byPiece.last_moves.filter((m) => !m.piece.startsWith('+')).map((m) => m.usi));
    });
  });

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
      assert.match(await node.locator('> p').textContent(), new RegExp(`all ${cert.tree[leaf].leaf.candidates.length} candidates fail`));
      assert.equal(await node.locator('li[data-usi]').count(), cert.tree[leaf].leaf.candidates.length);
      // The certificate belongs to this position: an edit takes it (and Why?) away.
      await page.click('#side-w');
      assert.equal(await page.isHidden('#certificate'), true);
      assert.equal(await page.isHidden('#why'), true);
    });
  });

  test('the certificate of a piece position names the rule and its square, as the CLI', async (t) => {
    const dead = 'Pbsgk/4p/5/5/KGSBR b r 1';
    const cert = JSON.parse(cli('explain', '--json', '--variant', 'minishogi', dead));
    await onPage(t, `?game=minishogi&lang=en&sfen=${encodeURIComponent(dead)}`, async (page) => {
      await whyOf(page);
      assert.equal(await page.getAttribute('#certificate', 'data-stage'), cert.stage);
      assert.deepEqual(await page.$$eval('#certificate .cert-issues li', (lis) => lis.map((li) => li.textContent)),
        cert.issues.map((i) => `${i.rule}: ${i.message} (${i.squares.join(', ')})`));
    });
  });

  test('in Japanese: the certificate of a prev position, every candidate and its reason, squares as ５六', async (t) => {
    const cert = JSON.parse(cli('explain', '--json', SHOGI_NO_PREV));
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(SHOGI_NO_PREV)}`, async (page) => {
      await whyOf(page);
      assert.equal(await page.getAttribute('#certificate', 'data-stage'), 'prev');
      assert.match(await page.textContent('#certificate .cert-head'), /後手が最後に指せた手は全て成り立ちません/);
      assert.deepEqual(await page.$$eval('#certificate li[data-usi]', (lis) => lis.map((li) => li.dataset.usi)),
        [...cert.prev.candidates.filter((c) => c.from !== 'off-board'), ...cert.prev.candidates.filter((c) => c.from === 'off-board')]
          .map((c) => c.usi ?? ''));
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
      assert.doesNotMatch(text, /is occupied|[1-9][a-i]/);
    });
  });

  // (A Rust test, engine_error::tests, checks that both dictionaries have a text for every kind the engine has.)
  test('the engine error texts: the same kinds in both dictionaries, each saying something with any parameters', () => {
    const kinds = (dictionary) => Object.keys(dictionary).filter((k) => k.startsWith('engine:')).sort();
    assert.deepEqual(kinds(ja), kinds(en));
    assert.ok(kinds(en).length >= 40, `${kinds(en).length} kinds`);
    // Parameters that are at once text, number and list, so every text can use them as it wants.
    const params = new Proxy({}, { get: () => Object.assign(['6i5h', '4i5h'], { toString: () => '7' }) });
    for (const dictionary of [en, ja]) {
      for (const key of kinds(dictionary)) {
        const text = key === 'engine:at-line' ? dictionary[key](3, 'x') : dictionary[key](params, 'cause');
        assert.ok(typeof text === 'string' && text.length > 3 && !/undefined|\[object/.test(text), `${key}: ${text}`);
      }
    }
  });

  // The engine's errors come with their kind and parameters (crate/src/engine_error.rs), which the page says
  // in its language: lines, plies, squares (５八 in Japanese), pieces and the cause inside a record's error.
  for (const lang of ['ja', 'en']) {
    test(`engine errors in ${lang === 'ja' ? 'Japanese' : 'English'}: a record's line, move and squares, its bad position, the setup rule`, async (t) => {
      const want = {
        ja: [
          /^この棋譜は読めません：2行目：3手目「５八金」は６九→５八と４九→５八のどちらか分かりません/,
          /^この棋譜は読めません：1行目：棋譜（KIF・KI2・CSA・USI・BOD・SFEN）として読めません：「hello world」/,
          /^この棋譜は読めません：1行目：局面が正しくありません：後手の玉が盤上にありません$/,
          /^この棋譜は読めません：2行目：指し手「７七玉」を読めません$|^この棋譜は読めません：2行目：1手目「７七玉」はその局面で指せません/,
          /^この棋譜は読めません：3行目：盤面図が8段ありますが、このゲームは9段です$/,
        ],
        en: [
          /^This record cannot be read: line 2: move 3 "５八金" can mean 6i5h or 4i5h/,
          /^This record cannot be read: line 1: not a game record .*"hello world"/,
          /^This record cannot be read: line 1: bad position: Gote has no king on the board$/,
          /^This record cannot be read: line 2: (cannot read the move "７七玉"|move 1 "７七玉" is not legal)/,
          /^This record cannot be read: line 3: cannot read the board: 8 rows, this game has 9$/,
        ],
      }[lang];
      // A BOD diagram of 8 rows: its line, and what is wrong with the board, in the page's language.
      const bod = [
        '後手の持駒：なし', '+---------------------------+', '|v香v桂v銀v金v玉v金v銀v桂v香|一', '| ・v飛 ・ ・ ・ ・ ・v角 ・|二',
        '|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三', ...['四', '五', '六'].map((r) => `| ・ ・ ・ ・ ・ ・ ・ ・ ・|${r}`),
        '| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七', '| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八', '+---------------------------+', '先手の持駒：なし',
      ].join('\n');
      const records = ['▲７六歩 △３四歩\n▲５八金\n', 'hello world', 'sfen 9/9/9/9/9/9/9/9/4K4 b - 1', '手合割：平手\n▲７七玉\n', bod];
      await onPage(t, `?game=shogi&lang=${lang}`, async (page) => {
        for (const [i, record] of records.entries()) {
          await page.fill('#record-text', record);
          await page.click('#record-read');
          await page.waitForSelector('#record-error:not([hidden])');
          const message = await page.textContent('#record-error');
          assert.match(message, want[i], record);
          if (lang === 'ja') assert.doesNotMatch(message, /\b(line|move|cannot|not|bad)\b/, `English words in ${message}`);
          await page.fill('#record-text', '');
          await readRecord(page, '▲７六歩\n');
          // A record read takes the error away (the list of the record read before may show first).
          await page.waitForSelector('#record-error', { state: 'hidden', timeout: 10_000 });
        }
        // The setup rule: a text that is no position says why in the page's language.
        await page.fill('#sfen', '4k4/9/9/9/9/9/9/9/4K4 b 19P 1');
        await page.click('#sfen-form button[type="submit"]');
        const setup = await page.locator('#diagnostics li[data-rule="setup"]').textContent({ timeout: 10_000 });
        assert.match(setup, lang === 'ja' ? /局面になっていません：歩が多すぎます：盤上と持ち駒で19枚、このゲームは18枚/ : /too many pieces of kind P: 19 on board and in hands, the game has 18/);
      });
    });
  }

  test('the explorer writes moves in the page\'s notation: Western in English, Japanese in Japanese', async (t) => {
    const after76 = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2';
    // A position where a dragon may have captured on its square: the row says `x` only for a capture.
    for (const lang of ['en', 'ja']) {
      await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(after76)}`, async (page) => {
        await retroShown(page);
        const row = (usi) => page.locator(`#retro-moves li[data-usi="${usi}"] .retro-move`).textContent();
        assert.equal(await row('7g7f'), lang === 'en' ? '7g7f P-7f' : '7g7f ☗７六歩');
        // A drop is the same in USI and Western notation, and written once.
        assert.equal(await row('P*7f'), lang === 'en' ? 'P*7f' : 'P*7f ☗７六歩');
        const rows = await page.$$eval('#retro-moves .retro-move', (els) => els.map((e) => e.textContent));
        for (const r of rows) {
          if (lang === 'en') assert.match(r, /^([1-9][a-i][1-9][a-i]\+? )?\+?[KRBGSNLP](\d[a-i])?[-x*]\d[a-i][+=]?$/, r);
          else assert.match(r, /^\S+ [☗☖][１-９][一二三四五六七八九]/, r);
        }
        // The filter takes a square as the page writes it (５六 or 7f): the moves to or from it.
        for (const square of lang === 'ja' ? ['７六', '7六', '76'] : ['7f']) {
          await page.fill('#retro-filter', square);
          assert.deepEqual(await page.$$eval('#retro-moves > li', (lis) => [...new Set(lis.map((li) => li.dataset.usi.slice(2, 4)))]), ['7f'], square);
        }
        // Or any text of the move as the page writes it.
        await page.fill('#retro-filter', lang === 'ja' ? '☗７六歩' : 'P-7f');
        // (In Japanese the pawn's move and its drop are both ☗７六歩.)
        assert.deepEqual(await page.$$eval('#retro-moves > li', (lis) => lis.map((li) => li.dataset.usi).sort()), lang === 'ja' ? ['7g7f', 'P*7f'] : ['7g7f']);
        await page.fill('#retro-filter', '');
        await page.click('#retro-moves li[data-usi="7g7f"] button[data-captured=""]');
        await page.waitForSelector('#retro-trail[data-at="1"]');
        assert.equal(await page.locator('#retro-trail button[data-crumb="1"]').textContent(), lang === 'en' ? '← 7g7f P-7f' : '← 7g7f ☗７六歩');
      });
    }
  });
});

describe('records, explorer and certificate on a phone, and for axe-core', () => {
  let phones;
  before(async () => {
    phones = await launchPhones();
  });
  after(() => phones?.close());
  const MINI_REACH = '1+r3/bs3/gs3/2b2/K+rk2 b GPp 1';

  /** Opens every new panel: a long record read, a move taken back, a bad record's error, the certificate's leaf. */
  async function openPanels(page) {
    const kif = cli('proof-game', '--format', 'kif', '--variant', 'minishogi', '3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1');
    await page.fill('#record-text', kif);
    await page.click('#record-read');
    await page.waitForSelector('#record-moves button[aria-current]');
    await page.waitForSelector('#retro-moves[data-state="done"] button');
    await page.click('#retro-moves button >> nth=0');
    await page.waitForSelector('#retro-trail[data-at="1"]');
    await page.fill('#sfen', MINI_REACH);
    await page.click('#sfen-form button[type="submit"]');
    await page.waitForFunction((s) => document.querySelector('#sfen').value === s, MINI_REACH);
    await page.click('#prove');
    await page.waitForSelector('#verdict[data-verdict="unreachable"]', { timeout: 30_000 });
    await page.click('#why');
    await page.waitForSelector('#certificate[data-stage="reach"]', { timeout: 30_000 });
    const cert = JSON.parse(cli('explain', '--json', '--variant', 'minishogi', MINI_REACH));
    const leaf = cert.tree.findLastIndex((n) => n.leaf);
    const chain = [];
    for (let i = leaf; i !== null; i = cert.tree[i].parent) chain.unshift(i);
    for (const i of chain.slice(1)) await page.click(`#certificate .cert-node[data-node="${i}"] > summary`);
    await page.click(`#certificate .cert-node[data-node="${leaf}"] .cert-off-board > summary`);
    await page.fill('#record-text', '▲７六歩\n▲５八金\n');
    await page.click('#record-read');
    await page.waitForSelector('#record-error:not([hidden])');
  }

  for (const lang of ['en', 'ja']) {
    test(`no horizontal overflow at 360 px (${lang}) with the record, the explorer and the certificate open`, async (t) => {
      const context = await phoneContext(phones, 360);
      try {
        await onPage(t, `?game=minishogi&lang=${lang}`, async (page) => {
          await openPanels(page);
          const { scroll, wide } = await page.evaluate(() => ({
            scroll: document.documentElement.scrollWidth,
            wide: [...document.querySelectorAll('body *')]
              .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
              .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`),
          }));
          assert.ok(scroll <= 360, `${scroll} px wide (${wide.join(', ')})`);
        }, { context });
      } finally {
        await context.close();
      }
    });
  }

  test('axe-core finds nothing critical or serious on the record, the explorer and the certificate', async (t) => {
    await onPage(t, '?game=minishogi&lang=en', async (page) => {
      await openPanels(page);
      assert.deepEqual(await axeViolations(page), []);
    });
  });
});
