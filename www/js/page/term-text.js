// Text with technical terms marked up for their explanations: a dictionary text writes a term as
// `[[key|words]]`, which becomes a term of page/terms.js (focusable, explained on hover, focus and tap).
// Built from text nodes and elements, never parsed as HTML.
import { termElement } from './terms.js';

const TERM = /\[\[([a-z0-9-]+)\|([^\]]+)\]\]/g;

/**
 * The nodes of `text`: plain runs as text, each `[[key|words]]` as a term span.
 * @param {string} text
 * @returns {(Node | string)[]}
 */
export function termNodes(text) {
  /** @type {(Node | string)[]} */
  const nodes = [];
  let at = 0;
  for (const match of text.matchAll(TERM)) {
    const index = match.index ?? 0;
    if (index > at) nodes.push(text.slice(at, index));
    nodes.push(termElement(match[1], match[2]));
    at = index + match[0].length;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

/** The text without its markup (`[[key|words]]` → `words`). @param {string} text */
export const plainText = (text) => text.replace(TERM, '$2');

/**
 * Fills every element under `root` marked `data-i18n-terms="key"` with the text `lookup(key)`, terms
 * marked up.
 * @param {(key: string) => string} lookup
 * @param {ParentNode} [root]
 */
export function fillTermTexts(lookup, root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n-terms]'))) {
    el.replaceChildren(...termNodes(lookup(el.dataset.i18nTerms ?? '')));
  }
}
