// The How it works tab's texts in the page's language (text-en.js, text-ja.js), and a few DOM helpers
// the tab's steps share.
import { language } from '../i18n/i18n.js';
import { termNodes } from '../page/term-text.js';
import en from './text-en.js';
import ja from './text-ja.js';

/** @type {Record<string, Record<string, any>>} */
const TEXTS = { en, ja };

/** The walkthrough's text called `key` in the page's language. */
export function w(key, ...args) {
  const text = TEXTS[language()]?.[key] ?? /** @type {Record<string, any>} */ (en)[key];
  if (text === undefined) throw new Error(`no walkthrough text called ${JSON.stringify(key)}`);
  return typeof text === 'function' ? text(...args) : text;
}

/**
 * An element: `tag` with `className` (or none) and children (nodes, or strings as text).
 * @param {string} tag
 * @param {string | null} className
 * @param {...(Node | string)} children
 * @returns {HTMLElement}
 */
export function el(tag, className, ...children) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
}

/** A paragraph of the text `key` (with `args`), its terms marked up. */
export const para = (key, ...args) => el('p', null, ...termNodes(w(key, ...args)));

/** A button of the text `key`. */
export function button(key, onClick) {
  const b = /** @type {HTMLButtonElement} */ (el('button', null, w(key)));
  b.type = 'button';
  b.onclick = onClick;
  return b;
}

/** `x` as `m × 10^e` with `digits` significant digits (plain below 10^6). */
export function scientific(x, digits = 4) {
  if (!Number.isFinite(x)) return String(x);
  if (Math.abs(x) < 1e6) return x.toPrecision(digits);
  const [m, e] = x.toExponential(digits - 1).split('e');
  return `${m} × 10^${Number(e)}`;
}
