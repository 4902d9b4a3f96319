// How the page looks and reads: its own font's glyphs and icons, axe-core, small polish, phones and touch
// (the touch mode: the scenario of tests/scenarios/phone.mjs, which Firefox runs too).
// Real-browser tests of the site in dist/ (`npm run build`) in Debian's headless Chromium (tests/site.mjs).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations, cli, launchPhones, phoneContext, rules, sfenOf, useChromium } from '../site.mjs';
import { fits, touchMode } from '../scenarios/phone.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;

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

describe('phones and touch', () => {
  let phones;
  before(async () => {
    phones = await launchPhones();
  });
  after(() => phones?.close());
  const phone = (width) => phoneContext(phones, width);
  for (const width of [360, 390]) {
    test(`no horizontal overflow at ${width} px${width === 390 ? ' (Japanese)' : ''} on either tab, cold, after a proof with the whole game, after estimates of both games`, async (t) => {
      const context = await phone(width);
      try {
        // 390 px in Japanese, whose texts break differently.
        await onPage(t, `?game=minishogi${width === 390 ? '&lang=ja' : ''}`, async (page) => {
          // The page is no wider than the screen (a mobile browser would otherwise zoom out or scroll sideways).
          const ui = driver(page);
          await fits(ui, width, 'Position tab');
          const board = await page.locator('#board .grid').boundingBox();
          assert.ok(board.x >= 0 && board.x + board.width <= width, JSON.stringify(board));
          // The main action is found without hunting: Prove comes right under the board and its hand.
          const prove = await page.locator('#prove').boundingBox();
          assert.ok(prove.y < board.y + board.height + 400, `Prove at ${prove.y}, the board ends at ${board.y + board.height}`);
          await page.click('#prove');
          await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 30_000 });
          await page.click('#whole-game');
          await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
          await fits(ui, width, 'Position tab with the whole game');
          await page.click('#tab-estimate-button');
          await fits(ui, width, 'Estimate tab');
          await page.fill('#est-samples', '3000');
          await page.click('#est-start');
          await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
          await page.waitForSelector('#gallery .gallery-item');
          await fits(ui, width, 'Estimate tab after a run');
          // Shogi's numbers are longer (|P_K| has 68 digits) and its gallery boards larger.
          await page.selectOption('#est-game', 'shogi');
          await page.fill('#est-samples', '300');
          await page.click('#est-start');
          await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
          await fits(ui, width, 'Estimate tab after a Shogi run');
          await page.click('#tab-position-button');
          await fits(ui, width, 'Position tab, Shogi');
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
      await onPage(t, `?game=shogi&sfen=${encodeURIComponent('4k4/9/9/9/9/9/9/9/4K4 b R 1')}`, (page) => touchMode(driver(page)), { context });
    } finally {
      await context.close();
    }
  });
});

describe('accessibility', () => {
  test('axe-core finds nothing critical or serious: cold, proved, whole game, finished estimate with gallery', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      assert.deepEqual(await axeViolations(page), [], 'Shogi, cold');
      await page.selectOption('#labels', 'western');
      assert.deepEqual(await axeViolations(page), [], 'Western piece labels');
      await page.selectOption('#labels', 'kanji');
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
  test("empty hands show no 0: the editor's a dim piece to tap per kind, a game's board nothing", async (t) => {
    await onPage(t, `?game=shogi&lang=en&sfen=${encodeURIComponent('4k4/9/9/9/9/9/9/9/4K4 b R 1')}`, async (page) => {
      // Each hand item: its kind, the count as it shows (a hidden one is 1 px wide), its piece dimmed.
      const hand = (board, color) => page.$$eval(`#${board} [data-hand="${color}"] .hand-item`, (items) => items.map((i) => {
        const count = /** @type {HTMLElement} */ (i.querySelector('.count'));
        const seen = count.getBoundingClientRect().width > 1 ? count.textContent : '';
        return [i.dataset.handKind, seen, Number(getComputedStyle(i.querySelector('.piece')).opacity) < 1, i.textContent];
      }));
      const sente = await hand('board', 0);
      assert.deepEqual(sente.map(([k, seen, dim]) => [k, seen, dim]), [['R', '1', false], ...['B', 'G', 'S', 'N', 'L', 'P'].map((k) => [k, '', true])]);
      const gote = await hand('board', 1);
      assert.equal(gote.length, 7);
      assert.ok(gote.every(([, seen, dim]) => seen === '' && dim), JSON.stringify(gote));
      // Screen readers still hear each slot's count.
      assert.ok([...sente, ...gote].every(([, , , text]) => /\d$/.test(text)), JSON.stringify(gote));
      await page.click('#play-begin');
      await page.waitForSelector('#play-panel[data-state="ready"]');
      assert.deepEqual((await hand('play-board', 0)).map(([k, seen]) => [k, seen]), [['R', '1']]);
      assert.deepEqual(await hand('play-board', 1), []);
    });
  });

  test('Copy and Copy link confirm; the count diagnostic offers the fix; the header speaks plainly', async (t) => {
    await onPage(t, '?game=shogi', async (page) => {
      await site.browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
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

  test("the estimate plot's axes use the text's units, raised, with a legend; its text is readable and never cut off", async (t) => {
    await onPage(t, '?game=minishogi&tab=estimate', async (page) => {
      await page.fill('#est-samples', '200000');
      await page.click('#est-start');
      await page.waitForSelector('#est-status[data-state="finished"]', { timeout: 120_000 });
      const read = () => page.evaluate(() => {
        const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.getElementById('plot')));
        const texts = [...svg.querySelectorAll('text')];
        const width = svg.viewBox.baseVal.width;
        // A raised exponent written back with a caret.
        const written = (e) => [...e.childNodes].map((n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : `^${n.textContent}`)).join('');
        return {
          width,
          titles: [...svg.querySelectorAll('.axis-title')].map(written),
          legend: [...svg.querySelectorAll('.legend-text')].map((e) => e.textContent),
          outside: texts.filter((e) => { const b = e.getBBox(); return b.x < 0 || b.x + b.width > width; }).map((e) => e.textContent),
          smallest: Math.min(...texts.map((e) => e.getBoundingClientRect().height)),
          ticks: [...svg.querySelectorAll('.tick')].map((e) => e.textContent),
          dots: [...svg.querySelectorAll('.dot')].map((e) => Number(e.getAttribute('cx'))),
          axis: [...svg.querySelectorAll('.axis')].map((e) => [Number(e.getAttribute('x1')), Number(e.getAttribute('x2'))]),
        };
      });
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.waitForFunction((w) => document.getElementById('plot').viewBox.baseVal.width === Math.round(document.getElementById('plot').getBoundingClientRect().width), width);
        const plot = await read();
        assert.deepEqual(plot.titles, ['|R| (× 10^18)', 'samples'], `${width} px`);
        assert.deepEqual(plot.legend, ['estimate', '3-sigma band', "paper's value and band"]);
        assert.deepEqual(plot.outside, [], `${width} px`);
        assert.ok(plot.smallest >= 11, `${plot.smallest} px text at ${width} px`);
        assert.ok(plot.ticks.every((t) => !/e\+/.test(t)), JSON.stringify(plot.ticks));
        // The updates span the x axis from its start to its end; a single one stands in its middle.
        const [left, right] = plot.axis[1];
        if (plot.dots.length > 1) assert.deepEqual([Math.min(...plot.dots), Math.max(...plot.dots)], [left, right]);
        else assert.deepEqual(plot.dots, [(left + right) / 2]);
        assert.ok(plot.ticks.includes('200,000'), JSON.stringify(plot.ticks));
      }
    });
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
    const kif = cli('proof-game', '--format', 'kif', '--game', 'minishogi', '3b1/g2g1/B1SP+r/Ks1p1/2k1+r b - 1');
    await page.fill('#record-text', kif);
    await page.click('#record-read');
    await page.waitForSelector('#play-moves button[aria-current]');
    await page.waitForSelector('#retro-moves[data-state="done"] button');
    await page.click('#retro-moves button >> nth=0');
    await page.waitForSelector('#retro-trail[data-at="1"]');
    await page.fill('#sfen', MINI_REACH);
    await page.click('#sfen-form button[type="submit"]');
    await page.waitForFunction((s) => document.querySelector('#sfen').value === s, MINI_REACH);
    await page.click('#prove');
    await page.waitForSelector('#verdict[data-verdict="unreachable"]', { timeout: 30_000 });
    await page.click('#answer-why');
    await page.waitForSelector('#certificate[data-stage="reach"]', { timeout: 30_000 });
    const cert = JSON.parse(cli('explain', '--json', '--game', 'minishogi', MINI_REACH));
    const leaf = cert.tree.findLastIndex((n) => n.leaf);
    const chain = [];
    for (let i = leaf; i !== null; i = cert.tree[i].parent) chain.unshift(i);
    for (const i of chain.slice(1)) await page.click(`#certificate .cert-node[data-node="${i}"] > summary`);
    await page.click(`#certificate .cert-node[data-node="${leaf}"] .cert-group[data-reason="off-board"] > summary`);
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
