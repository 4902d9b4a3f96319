// Handicap starts: the start chosen (平手 or a handicap; a handicap preset or a record's start chooses
// its own) is the start the diagnostics, Prove, the certificate and the answer's game answer from: the
// preset is reached in no moves from itself, named by its material from any other, and a position of a
// handicap game gets its game from the handicap's start, as the CLI's `--start` gives it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cli, launchPhones, phoneContext, recordTexts, useChromium } from '../site.mjs';
import { KAKU_GAME, provedFromItsHandicap } from '../scenarios/handicap.mjs';
import { driver } from '../scenarios/ui.mjs';

const site = useChromium();
const { onPage } = site;

const KAKU = 'lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1';

async function proved(page, verdict) {
  await page.click('#prove');
  await page.waitForSelector(`#answer[data-verdict="${verdict}"]`, { timeout: 60_000 });
}

async function chooseStart(page, name) {
  await page.selectOption('#start', name);
  await page.waitForFunction(() => !document.querySelector('#answer:not([hidden])'));
}

describe('handicap starts', () => {
  test('a handicap preset is reached in no moves from its own start and named by its material from others', async (t) => {
    for (const lang of ['en', 'ja']) {
      await onPage(t, `?game=shogi&lang=${lang}&sfen=${encodeURIComponent(KAKU)}`, async (page) => {
        // The preset's position chose its start: nothing is missing from a 角落ち game.
        assert.equal(await page.inputValue('#start'), '角落ち');
        await page.waitForSelector('#diagnostics li.ok');
        await proved(page, 'reachable');
        await page.waitForSelector('#answer[data-state="done"]', { timeout: 60_000 });
        assert.equal(await page.getAttribute('#answer', 'data-plies'), '0');
        assert.equal(await page.getAttribute('#answer', 'data-shortest'), 'true');
        assert.match(await page.textContent('#answer-heading'),
          lang === 'ja' ? /^角落ちの開始局面から0手の棋譜/ : /^A game of 0 moves from the 角落ち start/);
        // From the even start a bishop is missing; from 飛車落ち, a rook too many and a bishop too few.
        await chooseStart(page, '');
        await page.waitForSelector('#diagnostics li[data-cause="missing"]');
        await proved(page, 'unreachable');
        const fromHisha = JSON.parse(cli('prove', '--json', '--start', '飛車落ち', KAKU)).causes;
        assert.deepEqual(fromHisha.map((c) => c.kind), ['start-material']);
        await chooseStart(page, '飛車落ち');
        await page.waitForSelector('#diagnostics li[data-cause="start-material"]');
        await proved(page, 'unreachable');
        assert.equal(await page.textContent('#answer-text'), lang === 'ja'
          ? '飛車落ちの対局と駒が合いません（飛1枚多い、角1枚少ない）。対局中に駒が増えたり減ったりすることはありません。'
          : fromHisha[0].text);
      });
    }
  });

  test('a handicap game\'s position gets its game from the start, played on a phone; a record chooses its start', async (t) => {
    const phones = await launchPhones();
    t.after(() => phones.close());
    const context = await phoneContext(phones, 360);
    let native;
    await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(KAKU_GAME)}`, async (page) => {
      // From 平手 a bishop is missing: the answer's button proves the position from 角落ち, with the CLI's game.
      native = await provedFromItsHandicap(driver(page));
      await page.click('#answer-play');
      // Once the game has played to its end, back to its start.
      await page.waitForSelector(`#play-board[data-ply="${native.plies}"]`, { timeout: 30_000 });
      await page.click('#play-first');
      assert.equal(await page.getAttribute('#play-board', 'data-sfen'), native.start);
      // The start, then each move.
      const listed = await recordTexts(page);
      assert.deepEqual(listed, ['角落ちの開始局面', ...native.moves.map((m, i) => `${i + 1}. ${m.japanese}`)]);
    }, { context });
    // A record of a 角落ち game (its 手合割 line) chooses 角落ち; an even game's record 平手 again.
    await onPage(t, '?game=shogi&lang=en', async (page) => {
      await page.fill('#record-text', native.kif);
      await page.click('#record-read');
      await page.waitForSelector('#play-moves button[aria-current]');
      await page.waitForFunction(() => document.querySelector('#start').value === '角落ち');
      await proved(page, 'reachable');
      await page.fill('#record-text', cli('proof-game', '--format', 'kif', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2'));
      await page.click('#record-read');
      await page.waitForFunction(() => document.querySelector('#start').value === '');
    });
  });
});
