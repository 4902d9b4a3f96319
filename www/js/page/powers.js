// Powers of ten, written `10^18` in the page's texts (dictionaries, the engine's numbers, the plot), shown
// as 10 with a raised 18: a caret is no way to print a number, and the site's font has no superscript
// digits. Applied to the whole page as its text changes, so that no panel has to remember it.

const POWER = /10\^(-?\d+)/;
const SVG = 'http://www.w3.org/2000/svg';

/**
 * Shows every `10^N` in the text under `root` (a node, or a text node itself) as 10 and a raised N
 * (<sup>, or a <tspan> in SVG).
 * @param {Node} root
 */
export function showPowers(root) {
  /** @type {Node[]} */
  const texts = [];
  if (root.nodeType === Node.TEXT_NODE) texts.push(root);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n);
  const shown = (/** @type {Node} */ n) => !n.parentElement?.closest('textarea, script, style, code');
  for (const node of texts.filter((n) => POWER.test(n.nodeValue ?? '') && shown(n))) {
    /** @type {Text} */ (node).replaceWith(...raised(node.nodeValue ?? '', node.parentNode instanceof SVGElement));
  }
}

/** Shows the powers of `root` now and whenever text is added to it. @param {Node} root */
export function keepShowingPowers(root) {
  showPowers(root);
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData' && r.target.isConnected) showPowers(r.target);
      for (const n of r.addedNodes) if (n.isConnected) showPowers(n);
    }
  }).observe(root, { childList: true, subtree: true, characterData: true });
}

/** The nodes of `text` with each power's exponent raised. @param {string} text @param {boolean} svg */
function raised(text, svg) {
  const parts = text.split(/10\^(-?\d+)/);
  return parts.map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(i < parts.length - 1 ? `${part}10` : part);
    const sup = svg ? document.createElementNS(SVG, 'tspan') : document.createElement('sup');
    if (svg) {
      sup.setAttribute('baseline-shift', 'super');
      sup.setAttribute('font-size', '75%');
    }
    sup.textContent = part.replace('-', '−');
    return sup;
  });
}
