// The position's exports in Debian's Firefox ESR (tests/firefox-site.mjs), the scenario of
// tests/scenarios/export.mjs that tests/browser/export.test.mjs runs in Chromium: its KIF in Shift_JIS and
// KIFU in UTF-8 (the same text), its PNG (decoding to the SVG's size, two pixels a unit) and SVG. The files
// are caught as the page hands them to the browser (the Blob behind the download link, and the link's file
// name). tests/browser/export.test.mjs reads every export back with cshogi and python-shogi in Chromium.
import { test } from 'node:test';
import { useFirefox } from './firefox-site.mjs';
import { positionFiles, WITH_PROMOTED } from './scenarios/export.mjs';
import { driver } from './scenarios/ui.mjs';

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
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function () {
        window.__names.push(this.download);
        return click.call(this);
      };
    }
    window.__files = [];
    window.__names = [];
  });
  await page.click(`#position-export [data-export="${format}"]`);
  await page.waitForFunction(() => window.__files.length === 1 && window.__names.length === 1);
  const file = await page.evaluate(async () => {
    const blob = window.__files[0];
    return { name: window.__names[0], type: blob.type, bytes: [...new Uint8Array(await blob.arrayBuffer())] };
  });
  return { ...file, bytes: Uint8Array.from(file.bytes) };
}

test('Firefox: the position exported as KIF (Shift_JIS), KIFU (UTF-8), PNG and SVG', async (t) => {
  await onPage(t, `?game=shogi&lang=ja&sfen=${encodeURIComponent(WITH_PROMOTED)}`, (page) =>
    positionFiles(driver(page), 'ja', (format) => exported(page, format)));
});
