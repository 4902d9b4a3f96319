// The site's font comes in many small files, one per Unicode range (fonts.css, font-display: swap), which
// the browser fetches as the page's text needs them; the page is drawn without waiting for them. Chromium
// does not always draw again the text it laid out before (or just as) the file of its characters arrived:
// with no system font for them it keeps the empty boxes. So each time files have loaded, the text nodes
// holding their characters are replaced by new ones, which are laid out afresh.

/**
 * The code point ranges of a FontFace's `unicodeRange` ("U+4E00, U+5168-516A"): [[lo, hi], ...].
 * @param {string} text
 * @returns {[number, number][]}
 */
export function parseRanges(text) {
  return text.split(',').flatMap((part) => {
    const m = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!m) return [];
    // A wildcard (U+4??) covers every digit in place of each '?'.
    const lo = parseInt(m[1].replace(/\?/g, '0'), 16);
    const hi = m[2] ? parseInt(m[2], 16) : parseInt(m[1].replace(/\?/g, 'f'), 16);
    return [/** @type {[number, number]} */ ([lo, hi])];
  });
}

/**
 * Whether `text` has a character (beyond ASCII) in one of `ranges`.
 * @param {string} text
 * @param {[number, number][]} ranges
 */
export function touches(text, ranges) {
  for (const ch of text) {
    const cp = /** @type {number} */ (ch.codePointAt(0));
    if (cp > 0x7f && ranges.some(([lo, hi]) => cp >= lo && cp <= hi)) return true;
  }
  return false;
}

/**
 * Lays out again the page's text that shows characters of the font files loaded so far: after the first
 * drawing (the files the HTML's text asked for may have arrived before this module ran, and text laid out
 * just after a file arrived can still show the boxes) and after each load of more files.
 */
export function redrawWhenFontsLoad() {
  const loaded = () => [...document.fonts].filter((f) => f.status === 'loaded').flatMap((f) => parseRanges(f.unicodeRange));
  requestAnimationFrame(() => relayout(loaded()));
  document.fonts.addEventListener('loadingdone', () => requestAnimationFrame(() => relayout(loaded())));
}

/**
 * Replaces the page's text nodes that show characters of `ranges` by new ones.
 * @param {[number, number][]} ranges
 */
function relayout(ranges) {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  /** @type {Text[]} */
  const stale = [];
  while (walker.nextNode()) {
    const node = /** @type {Text} */ (walker.currentNode);
    // Left alone: a textarea's text (its default value), and live regions (a screen reader would read
    // them again).
    const parent = node.parentElement;
    if (parent?.tagName === 'TEXTAREA' || parent?.closest('[aria-live], [role="status"], [role="alert"]')) continue;
    if (touches(node.data, ranges)) stale.push(node);
  }
  for (const node of stale) node.replaceWith(document.createTextNode(node.data));
}
