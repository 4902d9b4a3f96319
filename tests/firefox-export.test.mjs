// The exports in Debian's Firefox ESR (tests/firefox-site.mjs): the position's KIF in Shift_JIS and KIFU
// in UTF-8 (the same text), and its PNG drawn on a canvas (decodes to the SVG's size, two pixels a unit). The files are caught as the page
// hands them to the browser (the Blob behind the download link). tests/browser/export.test.mjs reads every
// export back with cshogi and python-shogi in Chromium.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFirefox } from './firefox-site.mjs';

const { onPage } = useFirefox();

/** Clicks export `format` of the position's menu; the file the page made: its name, type and bytes. */
async function exported(page, format) {
  await page.evaluate(() => {
    if (!window.__files) {
      const create = URL.createObjectURL;
      URL.createObjectURL = (blob) => {
        window.__files.push(blob);
        return create(blob);
      };
    }
    window.__files = [];
  });
  await page.click(`#position-export [data-export="${format}"]`);
  await page.waitForFunction(() => window.__files.length === 1);
  return page.evaluate(async () => {
    const blob = window.__files[0];
    return { type: blob.type, bytes: [...new Uint8Array(await blob.arrayBuffer())], name: document.querySelector('#position-export .export-status').textContent };
  });
}

test('Firefox: the position exported as KIF (Shift_JIS), KIFU (UTF-8) and a PNG', async (t) => {
  const sfen = 'lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 1';
  await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(sfen)}`, async (page) => {
    await page.click('#position-export > summary');
    await page.waitForSelector('#position-export [data-export="kif"]');
    const kif = Uint8Array.from((await exported(page, 'kif')).bytes);
    const kifu = await exported(page, 'kifu');
    assert.equal(kifu.name, 'position-shogi.kifu を保存しました。');
    const text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(kifu.bytes));
    assert.match(text, /^#KIF version=2\.0 encoding=UTF-8\n後手の持駒：なし\n/);
    assert.match(text, /\| ・v飛 ・ ・ ・ ・ ・ 馬 ・\|二\n/);
    assert.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(kif), 'the .kif is not UTF-8');
    assert.equal(new TextDecoder('shift_jis').decode(kif), text.replace('encoding=UTF-8', 'encoding=Shift_JIS'));
    const png = await exported(page, 'png');
    assert.equal(png.type, 'image/png');
    const size = await page.evaluate(async (bytes) => {
      const image = await createImageBitmap(new Blob([Uint8Array.from(bytes)], { type: 'image/png' }));
      return [image.width, image.height];
    }, png.bytes);
    const svg = await exported(page, 'svg');
    const svgText = new TextDecoder().decode(Uint8Array.from(svg.bytes));
    const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svgText) ?? [];
    assert.deepEqual(size, [Number(width) * 2, Number(height) * 2]);
    assert.equal((svgText.match(/<g class="piece">/g) ?? []).length, 39);
  });
});
