// Exports: the editor's position (SFEN and BOD copied, KIF and KIFU, PNG and SVG: the scenario of
// tests/scenarios/export.mjs, which Firefox runs too), the proof game and a line played (KIF, KIFU, KI2,
// KI2U, USI, CSA), each downloaded in both languages and read back by two independent libraries, cshogi and
// python-shogi (tests/read_exports.py), where they read the format, and compared with the page's SFEN and
// the CLI's proof game; Mini Shogi's files read back by the CLI; the menus at 360 px. Real-browser tests of the site in dist/ in Debian's headless Chromium.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, afterPly, cli, index, launchPhones, phoneContext, position, sfenOf, useChromium, useScratch } from '../site.mjs';
import { openMenu, positionFiles, WITH_PROMOTED } from '../scenarios/export.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;
const scratch = useScratch();
const PYTHON = process.env.VENV_PYTHON ?? join(ROOT, 'target/venv/bin/python');
const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
// After 7g7f 3c3d 8h2b+ 3a2b (the bishop exchange); after 2g2f B*4e; Gote to move after 7g7f 3c3d 8h2b+.
const EXCHANGE = 'lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1';
// Its proof game (the CLI's) has a promotion, a 同 and a drop, and no 不成, which cshogi's KIF reader lacks.
const DROPPED = 'lnsgkg1nl/1r5s1/pppppp1pp/6p2/5b3/2P4P1/PP1PPPP1P/7R1/LNSGKGSNL b B 7';

let folders = 0;
/** A fresh folder for one test's files. */
function folder() {
  const dir = join(scratch, `files-${folders++}`);
  mkdirSync(dir);
  return dir;
}

/** What cshogi and python-shogi read in each file of `dir` (read_exports.py), by file name. */
function readBack(dir) {
  return JSON.parse(execFileSync(PYTHON, [join(ROOT, 'tests/read_exports.py'), dir], { encoding: 'utf8' }));
}

/** Clicks the export `format` of menu `id`, saves the download in `dir`; its file name. */
async function save(page, id, format, dir) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`#${id} [data-export="${format}"]`)]);
  const name = file.suggestedFilename();
  await file.saveAs(join(dir, name));
  return name;
}

/**
 * Clicks a copying export and returns what it copied, once there (BOD is written by the engine first).
 * Polled here: Playwright's waitForFunction does not wait for a promise, and readText gives one.
 */
async function copied(page, id, format) {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.click(`#${id} [data-export="${format}"]`);
  for (let tries = 0; tries < 400; tries++) {
    const text = await page.evaluate(() => navigator.clipboard.readText());
    if (text !== '') return text;
    await page.waitForTimeout(25);
  }
  throw new Error(`the ${format} export copied nothing in 10 s`);
}

const grantClipboard = (page) =>
  site.browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });

/** The bytes of a Shift_JIS file are not UTF-8, and decode as `text`. */
function assertShiftJis(path, text) {
  const bytes = readFileSync(path);
  assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes), `${path} is not UTF-8`);
  assert.equal(new TextDecoder('shift_jis').decode(bytes), text);
}

for (const lang of ['en', 'ja']) {
  describe(`exports (${lang})`, () => {
    test('the position: SFEN, BOD, KIF and KIFU read back by python-shogi; cshogi writes the same diagram; its PNG and SVG', async (t) => {
      await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(WITH_PROMOTED)}`, async (page) => {
        await grantClipboard(page);
        const sfen = await sfenOf(page);
        const dir = folder();
        await positionFiles(driver(page), lang, async (format) => {
          const name = await save(page, 'position-export', format, dir);
          return { name, bytes: new Uint8Array(readFileSync(join(dir, name))) };
        });
        writeFileSync(join(dir, 'position.sfen'), await copied(page, 'position-export', 'sfen'));
        const bod = await copied(page, 'position-export', 'bod');
        writeFileSync(join(dir, 'position.bod'), bod);
        assert.match(bod, /^後手の持駒：なし\n/);
        assert.match(bod, /\|v香v桂v銀v金v玉v金v銀v桂v香\|一\n/);
        assert.match(bod, /先手の持駒：角\n後手番\n$/);
        const read = readBack(dir);
        const want = position(sfen);
        assert.equal(position(read['position.sfen'].cshogi.start), want);
        assert.equal(position(read['position.sfen']['python-shogi'].start), want);
        assert.equal(position(read['position.bod']['python-shogi'].start), want);
        // cshogi's own diagram of the position (its writer omits the last line end).
        assert.equal(`${read['position.bod'].cshogi.bod}\n`, bod);
        for (const file of ['position-shogi.kif', 'position-shogi.kifu']) {
          assert.equal(position(read[file]['python-shogi'].start), want, file);
        }
      });
    });

    test('the picture: PNG and SVG of the start, in the page\'s labels', async (t) => {
      await onPage(t, `?game=shogi&lang=${lang}&labels=${lang === 'ja' ? 'kanji' : 'western'}`, async (page) => {
        const dir = folder();
        await openMenu(driver(page), 'position-export');
        assert.equal(await save(page, 'position-export', 'svg', dir), 'position-shogi.svg');
        assert.equal(await save(page, 'position-export', 'png', dir), 'position-shogi.png');
        const read = readBack(dir);
        const svg = read['position-shogi.svg'].svg;
        assert.equal(svg.pieces, 40);
        assert.equal(svg.hand_pieces, 0);
        const png = read['position-shogi.png'].png;
        assert.deepEqual([png.width, png.height], [svg.width * 2, svg.height * 2], 'two pixels a unit');
        assert.ok(png.distinct_bytes > 16, `a picture, not a blank: ${png.distinct_bytes} distinct bytes`);
        const text = readFileSync(join(dir, 'position-shogi.svg'), 'utf8');
        assert.ok(text.includes(lang === 'ja' ? '>王</text>' : '>K</text>'), 'the labels the page shows');
        // The first piece drawn is the top left one: Gote's lance (turned), or Sente's on a flipped board
        // (upright: the page turns Gote's pieces, whichever way the board is seen).
        const first = (svgText) => /<g class="piece">.*?<text [^>]*?(transform="rotate[^"]*")?>([^<]*)</.exec(svgText);
        const lance = lang === 'ja' ? '香' : 'L';
        assert.ok(first(text)[1], 'Gote\'s lance is turned');
        assert.equal(first(text)[2], lance);
        await page.click('#flip');
        await save(page, 'position-export', 'svg', dir);
        const flipped = readFileSync(join(dir, 'position-shogi.svg'), 'utf8');
        assert.equal(first(flipped)[1], undefined, 'Sente\'s lance, top left on a flipped board, is upright');
        assert.equal(first(flipped)[2], lance);
      });
    });

    test('the proof game: every format read back by cshogi and python-shogi as the CLI\'s game', async (t) => {
      const native = JSON.parse(cli('proof-game', '--format', 'json', DROPPED));
      const moves = native.moves.map((m) => m.move);
      assert.deepEqual(moves, ['7g7f', '3c3d', '8h2b+', '3a2b', '2g2f', 'B*4e']);
      await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(DROPPED)}`, async (page) => {
        await page.click('#prove');
        await page.waitForSelector('#verdict[data-verdict="reachable"]', { timeout: 60_000 });
        await page.click('#whole-game');
        await page.waitForSelector('#game-status[data-plies]', { timeout: 60_000 });
        const dir = folder();
        await openMenu(driver(page), 'game-export');
        const formats = ['kif', 'kifu', 'ki2', 'ki2u', 'usi', 'csa'];
        assert.deepEqual(await page.$$eval('#game-export [data-export]', (bs) => bs.map((b) => b.dataset.export)), formats);
        for (const format of formats) assert.equal(await save(page, 'game-export', format, dir), `proof-game-shogi.${format}`);
        // The UTF-8 KIF is the CLI's, byte for byte; the Shift_JIS one the same text.
        assert.equal(readFileSync(join(dir, 'proof-game-shogi.kifu'), 'utf8'), native.kif);
        assertShiftJis(join(dir, 'proof-game-shogi.kif'), native.kif.replace('encoding=UTF-8', 'encoding=Shift_JIS'));
        assert.equal(readFileSync(join(dir, 'proof-game-shogi.usi'), 'utf8'), `${native.usi}\n`);
        const read = readBack(dir);
        const libraries = { kif: 2, kifu: 2, ki2: 0, ki2u: 0, usi: 2, csa: 2 };
        for (const format of formats) {
          const file = read[`proof-game-shogi.${format}`];
          assert.equal(Object.keys(file).length, libraries[format], `${format}: ${JSON.stringify(file)}`);
          for (const [library, game] of Object.entries(file)) {
            assert.equal(position(game.start), position(START), `${format} by ${library}`);
            assert.deepEqual(game.moves, moves, `${format} by ${library}`);
            assert.equal(position(game.end), position(DROPPED), `${format} by ${library}`);
          }
        }
        // KI2, which neither library reads, by the CLI: the position after the last move.
        for (const format of ['ki2', 'ki2u']) assert.equal(position(afterPly(join(dir, `proof-game-shogi.${format}`), 6)), position(DROPPED));
      });
    });

    test('a line played: every format read back by cshogi and python-shogi', async (t) => {
      await onPage(t, `?game=shogi&lang=${lang}`, async (page) => {
        await page.click('#play-begin');
        await page.waitForSelector('#play-panel[data-state="ready"]');
        const play = async (from, to, promote) => {
          const count = await page.locator('#play-moves button[data-usi]').count();
          await page.click(`#play-board [data-square="${index(from)}"]`);
          await page.click(`#play-board [data-square="${index(to)}"]`);
          if (promote) await page.click('#play-promote-yes');
          await page.waitForFunction((n) => document.querySelectorAll('#play-moves button[data-usi]').length === n, count + 1);
          await page.waitForSelector('#play-panel[data-state="ready"]');
        };
        await play('7g', '7f');
        await play('3c', '3d');
        await play('8h', '2b', true);
        await play('3a', '2b');
        const dir = folder();
        await openMenu(driver(page), 'play-export');
        for (const format of ['kif', 'kifu', 'usi', 'csa']) assert.equal(await save(page, 'play-export', format, dir), `game-shogi.${format}`);
        const read = readBack(dir);
        assert.deepEqual(Object.keys(read), ['game-shogi.csa', 'game-shogi.kif', 'game-shogi.kifu', 'game-shogi.usi']);
        for (const [file, libraries] of Object.entries(read)) {
          assert.equal(Object.keys(libraries).length, 2, `${file}: ${JSON.stringify(libraries)}`);
          for (const [library, game] of Object.entries(libraries)) {
            assert.deepEqual(game.moves, ['7g7f', '3c3d', '8h2b+', '3a2b'], `${file} by ${library}: ${JSON.stringify(game)}`);
            assert.equal(position(game.end), position(EXCHANGE), `${file} by ${library}`);
          }
        }
      });
    });

    test('Mini Shogi: the menus say 9×9 programs cannot read the files, and the CLI reads them back', async (t) => {
      const mini = 'rb1gk/4+s/5/P4/KGSBR b P 1';
      await onPage(t, `?game=minishogi&lang=${lang}&sfen=${encodeURIComponent(mini)}`, async (page) => {
        const dir = folder();
        await openMenu(driver(page), 'position-export');
        assert.match(await page.textContent('#position-export .export-note'), lang === 'en' ? /cshogi and python-shogi, cannot read them/ : /本将棋（９×９）専用/);
        for (const format of ['kif', 'kifu']) assert.equal(await save(page, 'position-export', format, dir), `position-minishogi.${format}`);
        for (const format of ['kif', 'kifu']) assert.equal(position(afterPly(join(dir, `position-minishogi.${format}`), 0)), mini.split(' ').slice(0, 3).join(' '));
        await page.click('#play-begin');
        await page.waitForSelector('#play-panel[data-state="ready"]');
        await openMenu(driver(page), 'play-export');
        const formats = await page.$$eval('#play-export [data-export]', (bs) => bs.map((b) => b.dataset.export));
        assert.deepEqual(formats, ['kif', 'kifu', 'ki2', 'ki2u', 'usi'], 'no CSA for Mini Shogi');
        assert.ok(await page.isVisible('#play-export .export-note'));
      });
    });
  });

  test(`the export menu fits a 360 px phone (${lang})`, async () => {
    const phones = await launchPhones();
    try {
      const context = await phoneContext(phones, 360);
      const page = await context.newPage();
      await page.goto(`${site.isolated.url}?game=shogi&lang=${lang}`);
      await page.waitForSelector('#engine-status[data-state="ready"]', { timeout: 30_000 });
      await openMenu(driver(page), 'position-export');
      await page.locator('#position-export').scrollIntoViewIfNeeded();
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(widths[0] <= widths[1], `nothing wider than the screen: ${widths}`);
      for (const button of await page.locator('#position-export [data-export]').all()) {
        const box = await button.boundingBox();
        assert.ok(box && box.x >= 0 && box.x + box.width <= 360, `a button inside the screen: ${JSON.stringify(box)}`);
        assert.ok(box.height >= 24, 'a button a finger can tap');
      }
      await page.screenshot({ path: join(scratch, `phone-${lang}.png`) });
    } finally {
      await phones.close();
    }
  });
}

describe('moves played are a tree', () => {
  test('a move played back in the game is a variation: chosen, exported as KIF with 変化 and read back by the CLI as the same tree, promoted, deleted', async (t) => {
    await site.onPage(t, '?game=shogi&lang=ja', async (page) => {
      const initial = await page.$eval('#play-start', (s) => [...s.options].find((o) => o.value.startsWith('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/')).value);
      await page.selectOption('#play-start', initial);
      await page.click('#play-begin');
      await page.waitForSelector('#play-panel[data-state="ready"]');
      const play = async (from, to) => {
        await page.click(`#play-board [data-square="${index(from)}"]`);
        await page.click(`#play-board [data-square="${index(to)}"]`);
        await page.waitForSelector(`#play-moves button[aria-current][data-usi="${from}${to}"]`);
        await page.waitForSelector('#play-panel[data-state="ready"]');
      };
      const line = () => page.$$eval('#play-moves li > button[data-usi]', (bs) => bs.map((b) => b.dataset.usi));
      await play('7g', '7f');
      await play('3c', '3d');
      await play('2g', '2f');
      // Back to move 1, and another second move: a variation, shown, with the main line's move beside it.
      await page.click('#play-moves button[data-ply="1"]:not([data-alt])');
      await play('8c', '8d');
      assert.deepEqual(await line(), ['7g7f', '8c8d']);
      assert.deepEqual(await page.$$eval('#play-moves button[data-alt]', (bs) => bs.map((b) => b.dataset.usi)), ['3c3d']);
      assert.equal(await page.isVisible('#play-promote-line'), true);
      assert.equal(await page.textContent('#play-usi'), 'position startpos moves 7g7f 3c3d 2g2f', 'the main line');
      // The tree as KIF: the engine reads the main line and the variation at move 2 back.
      const dir = folder();
      await openMenu(driver(page), 'play-export');
      assert.equal(await save(page, 'play-export', 'kifu', dir), 'game-shogi.kifu');
      const text = readFileSync(join(dir, 'game-shogi.kifu'), 'utf8');
      assert.match(text, /\n変化：2手\n/);
      const read = JSON.parse(cli('record', '--json', join(dir, 'game-shogi.kifu')));
      assert.deepEqual(read.moves.map((m) => m.usi), ['7g7f', '3c3d', '2g2f']);
      assert.deepEqual(read.variations.map((v) => [v.parent, v.ply, v.moves.map((m) => m.usi)]), [[null, 2, ['8c8d']]]);
      // The main line's move chosen again, then the variation promoted: it is the main line.
      await page.click('#play-moves button[data-alt="0"]');
      assert.deepEqual(await line(), ['7g7f', '3c3d', '2g2f']);
      await page.click('#play-moves button[data-alt="1"]');
      await page.click('#play-promote-line');
      assert.equal(await page.textContent('#play-usi'), 'position startpos moves 7g7f 8c8d');
      assert.equal(await page.isHidden('#play-promote-line'), true);
      // The old main line, now a variation, deleted: no choice is left at move 2.
      await page.click('#play-moves button[data-alt="1"]');
      assert.deepEqual(await line(), ['7g7f', '3c3d', '2g2f']);
      await page.click('#play-delete-line');
      assert.deepEqual(await line(), ['7g7f', '8c8d']);
      assert.equal(await page.locator('#play-moves button[data-alt]').count(), 0);
    });
  });
});

describe("a record or the answer's game played on", () => {
  test("a record's variations, comments and header stay in the tree played on, and in its KIF", async (t) => {
    const file = join(ROOT, 'crate/engine/tests/data/annotated/annotated.kifu');
    const original = JSON.parse(cli('record', '--json', file));
    await site.onPage(t, '?game=shogi&lang=ja', async (page) => {
      await page.fill('#record-text', readFileSync(file, 'utf8'));
      await page.click('#record-read');
      await page.waitForSelector('#play-moves button[aria-current]');
      await page.click('#play-moves li > button[data-ply="1"]');
      await page.waitForSelector('#play-panel[data-state="ready"]');
      assert.equal(await page.getAttribute('#play-board', 'data-sfen'), original.moves[0].sfen);
      assert.equal(await page.inputValue('#play-comment'), '角道を開ける');
      // A move of its own at move 2 (the record has ３四歩 there): a variation, with a comment typed.
      await page.click(`#play-board [data-square="${index('8c')}"]`);
      await page.click(`#play-board [data-square="${index('8d')}"]`);
      await page.waitForSelector('#play-moves button[aria-current][data-usi="8c8d"]');
      await page.fill('#play-comment', '新しい変化');
      const dir = folder();
      await openMenu(driver(page), 'play-export');
      await save(page, 'play-export', 'kifu', dir);
      const read = JSON.parse(cli('record', '--json', join(dir, 'game-shogi.kifu')));
      const shape = (r) => r.variations.map((v) => [v.parent, v.ply, v.comment ?? '', v.moves.map((m) => [m.usi, m.comment ?? ''])]);
      assert.deepEqual(read.moves, original.moves, 'the main line and its comments');
      assert.deepEqual(shape(read).slice(0, 3), shape(original), "the record's variations");
      assert.deepEqual(shape(read)[3], [null, 2, '', [['8c8d', '新しい変化']]]);
      const fields = (r) => r.header.filter((f) => f.name !== 'handicap').map((f) => `${f.key}：${f.value}`);
      assert.deepEqual(fields(read), fields(original));
    });
  });
  test("the answer's game played on: its moves a line of the tree, a move of one's own a variation", async (t) => {
    const reachable = 'lnsgkgsnl/1r5b1/pppp1p1pp/4p1p2/9/2P1P4/PP1P1PPPP/1B5R1/LNSGKGSNL b - 1';
    await site.onPage(t, `?game=shogi&lang=en&sfen=${encodeURIComponent(reachable)}`, async (page) => {
      await page.click('#prove');
      await page.waitForSelector('#answer[data-state="done"]', { timeout: 60_000 });
      await page.click('#answer-play');
      await page.click('#play-auto');
      await page.click('#play-first');
      await page.click('#play-forward');
      await page.waitForSelector('#play-board[data-ply="1"]');
      await page.waitForSelector('#play-panel[data-state="ready"]');
      const game = await page.$$eval('#play-moves li > button[data-usi]', (bs) => bs.map((b) => b.dataset.usi));
      assert.equal(await page.isVisible('#play-board'), true);
      assert.equal(await page.textContent('#play-usi'), `position startpos moves ${game.join(' ')}`);
      assert.equal(await page.getAttribute('#play-moves button[aria-current]', 'data-usi'), game[0]);
      // Gote's own second move: a variation beside the game's.
      await page.click(`#play-board [data-square="${index('9c')}"]`);
      await page.click(`#play-board [data-square="${index('9d')}"]`);
      await page.waitForSelector('#play-moves button[aria-current][data-usi="9c9d"]');
      assert.deepEqual(await page.$$eval('#play-moves button[data-alt]', (bs) => bs.map((b) => b.dataset.usi)), [game[1]]);
      assert.equal(await page.textContent('#play-usi'), `position startpos moves ${game.join(' ')}`, 'the game stays the main line');
    });
  });
});
