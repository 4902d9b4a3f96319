// Build step of scripts/build.sh: the site's own Japanese font, so that pieces, ranks, moves and the
// Japanese UI never depend on the fonts of the system (many have no CJK font at all).
//
// Every non-ASCII character of the site's own files (www/index.html, style.css, js/), of the engine's record
// readers and writers (crate/engine/src/records/*.rs: Japanese move notation, KIF/KI2/CSA/BOD words and headers such
// as 手合割, 開始日時, 持駒, 成香, 不成, 投了, 香落ち … 十枚落ち) and of the test records
// (crate/engine/tests/data/records/, UTF-8 or Shift_JIS), so that a pasted record reads in the site's font too, is looked up in Noto Serif JP (@fontsource/noto-serif-jp, SIL Open Font
// License 1.1), whose files are split by Unicode range; each file holding some of them is cut down to just
// those characters (subset-font, HarfBuzz) and declared with an exact unicode-range; the board's characters
// get files of their own (BOARD), so that the first screen fetches little. Written to
// OUT/fonts/ with OUT/fonts.css (family "Shogi Reach JP", weights 400 and 700) and the licence.
// Fails, naming them, when the font lacks some characters (use an SVG icon or ASCII for those instead).
//
// Usage: node scripts/build-fonts.mjs OUT
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import { filesUnder } from './files.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const FONT = join(ROOT, 'node_modules/@fontsource/noto-serif-jp');
const FAMILY = 'Shogi Reach JP';
const WEIGHTS = [400, 700];

const out = process.argv[2];
if (!out) throw new Error('usage: node scripts/build-fonts.mjs OUT');

const sources = [
  ...filesUnder(join(ROOT, 'www/js'), ['.js']),
  join(ROOT, 'www/index.html'),
  join(ROOT, 'www/style.css'),
  ...filesUnder(join(ROOT, 'crate/engine/src/records'), ['.rs']),
  ...filesUnder(join(ROOT, 'crate/engine/tests/data/records'), ['.kif', '.kifu', '.ki2', '.csa', '.bod']),
];

/** A file's text: UTF-8, else Shift_JIS (records from older programs). */
function text(file) {
  const bytes = readFileSync(file);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis', { fatal: true }).decode(bytes);
  }
}

// KIF's header names and game endings that the readers pass over without naming them (any `名前：値` line
// is a header), and BOD's move line (`手数＝12  ▲７六歩  まで`), as programs and sites write them; a pasted
// record shows them in the site's font as well.
const RECORD_WORDS =
  '開始日時 終了日時 対局日 表題 棋戦 戦型 持ち時間 消費時間 秒読み 場所 掲載 備考 作者 発表誌 出典 先手省略名 後手省略名 ' +
  '先手 後手 上手 下手 手合割 手数＝ 指手 まで 勝ち 負け 反則 入玉 宣言 封じ手 不詰 詰み 変化 棋譜ファイル 記録 解説';

const wanted = new Set();
for (const ch of RECORD_WORDS) if (ch.codePointAt(0) > 0x7f) wanted.add(ch.codePointAt(0));
for (const file of sources) {
  for (const ch of text(file)) if (ch.codePointAt(0) > 0x7f) wanted.add(ch.codePointAt(0));
}

/** [{file, ranges: [[lo, hi]]}] of a weight's @font-face rules. */
function chunks(weight) {
  const css = readFileSync(join(FONT, `${weight}.css`), 'utf8');
  return [...css.matchAll(/url\(\.\/files\/([^)]+\.woff2)\)[^;]*;\s*unicode-range:\s*([^;]+);/g)].map(([, file, list]) => ({
    file,
    ranges: list.split(',').map((r) => {
      const [lo, hi = lo] = r.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(lo, 16), parseInt(hi, 16)];
    }),
  }));
}

// What the board shows (pieces, ranks, the players' marks): a font file's range is fetched whole when the
// page shows one of its characters, so these go in files of their own (tokin's kana would otherwise bring
// every kana of its chunk to the first screen).
const BOARD = new Set([...'玉王飛角金銀桂香歩龍馬全圭杏と一二三四五六七八九１２３４５６７８９☗☖'].map((ch) => ch.codePointAt(0)));

const hex = (cp) => `U+${cp.toString(16)}`;
mkdirSync(join(out, 'fonts'), { recursive: true });
const rules = [];
let missing = new Set(wanted);
let bytes = 0;
for (const weight of WEIGHTS) {
  const left = new Set(wanted);
  for (const [i, chunk] of chunks(weight).entries()) {
    const here = [...left].filter((cp) => chunk.ranges.some(([lo, hi]) => cp >= lo && cp <= hi)).sort((a, b) => a - b);
    if (here.length === 0) continue;
    for (const cp of here) left.delete(cp);
    // The board's characters in a file of their own: the first screen needs them, not the chunk's others.
    const parts = [['b', here.filter((cp) => BOARD.has(cp))], ['', here.filter((cp) => !BOARD.has(cp))]];
    for (const [suffix, part] of parts.filter(([, p]) => p.length > 0)) {
      const text = String.fromCodePoint(...part);
      const font = await subsetFont(readFileSync(join(FONT, 'files', chunk.file)), text, { targetFormat: 'woff2' });
      const name = `shogi-reach-jp-${weight}-${i}${suffix}.woff2`;
      writeFileSync(join(out, 'fonts', name), font);
      bytes += font.length;
      rules.push(
        `@font-face {\n  font-family: '${FAMILY}';\n  font-weight: ${weight};\n  font-display: swap;\n` +
          `  src: url(fonts/${name}) format('woff2');\n  unicode-range: ${part.map(hex).join(',')};\n}\n`,
      );
    }
  }
  missing = left;
}
writeFileSync(
  join(out, 'fonts.css'),
  `/* Generated by scripts/build-fonts.mjs: Noto Serif JP (SIL Open Font License 1.1, fonts/OFL.txt), cut down\n` +
    `   to the characters this site shows. */\n${rules.join('\n')}`,
);
copyFileSync(join(FONT, 'LICENSE'), join(out, 'fonts', 'OFL.txt'));
console.log(`fonts: ${wanted.size} characters in ${rules.length} files (${(bytes / 1024).toFixed(0)} KiB)`);
if (missing.size) {
  const list = [...missing].map((cp) => `${String.fromCodePoint(cp)} (${hex(cp)})`).join(', ');
  console.error(`build-fonts: not in Noto Serif JP, so the page cannot show them everywhere: ${list}`);
  process.exit(1);
}
