// The position's files: its KIF in Shift_JIS and KIFU in UTF-8, the same text (saying which), a diagram of
// the position with its promoted bishop; its picture as a PNG that decodes, in the page, to the SVG's size at
// two pixels a unit, and the SVG with the position's 39 pieces on the board. Written once and run in
// Chromium (tests/browser/export.test.mjs, both languages: the files downloaded, then read back by cshogi
// and python-shogi) and Firefox (tests/firefox-export.test.mjs, Japanese: the files caught as the page
// hands them to the browser), on a page opened at WITH_PROMOTED.
import assert from 'node:assert/strict';

// After 7g7f 3c3d 8h2b+: Gote to move, a promoted bishop on 2b, a bishop in Sente's hand.
export const WITH_PROMOTED = 'lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 1';

/** Opens the export menu `id` and waits for its buttons. */
export async function openMenu(ui, id) {
  if (!(await ui.read(`#${id}`, (d) => /** @type {HTMLDetailsElement} */ (d).open))) await ui.click(`#${id} > summary`);
  await ui.waitFor(`#${id} [data-export]`);
}

/**
 * The scenario in `lang` (`ui`: ui.mjs's driver); `save(format)` clicks the position's export `format` and
 * resolves to the file: {name, bytes (a Uint8Array), type (its MIME type, where the browser tells)}.
 */
export async function positionFiles(ui, lang, save) {
  await openMenu(ui, 'position-export');
  const [kif, kifu] = [await save('kif'), await save('kifu')];
  assert.equal(await ui.text('#position-export .export-status'), lang === 'en' ? 'Saved position-shogi.kifu.' : 'position-shogi.kifu を保存しました。');
  const [png, svg] = [await save('png'), await save('svg')];
  assert.deepEqual([kif, kifu, png, svg].map((f) => f.name), ['kif', 'kifu', 'png', 'svg'].map((e) => `position-shogi.${e}`));
  // The .kif file is Shift_JIS, the .kifu the same text in UTF-8, each saying which.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const text = utf8.decode(kifu.bytes);
  assert.match(text, /^#KIF version=2\.0 encoding=UTF-8\n後手の持駒：なし\n/);
  assert.match(text, /\| ・v飛 ・ ・ ・ ・ ・ 馬 ・\|二\n/);
  assert.throws(() => utf8.decode(kif.bytes), 'the .kif is not UTF-8');
  assert.equal(new TextDecoder('shift_jis').decode(kif.bytes), text.replace('encoding=UTF-8', 'encoding=Shift_JIS'));
  // The picture: a PNG the browser decodes to the SVG's size at two pixels a unit.
  if (png.type !== undefined) assert.equal(png.type, 'image/png');
  const size = await ui.page.evaluate(async (bytes) => {
    const image = await createImageBitmap(new Blob([Uint8Array.from(bytes)], { type: 'image/png' }));
    return [image.width, image.height];
  }, [...png.bytes]);
  const svgText = utf8.decode(svg.bytes);
  const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svgText) ?? [];
  assert.deepEqual(size, [Number(width) * 2, Number(height) * 2]);
  assert.equal((svgText.match(/<g class="piece">/g) ?? []).length, 39);
}
