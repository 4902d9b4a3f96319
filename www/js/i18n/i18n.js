// The page's language, English or Japanese: `t(key, ...args)` gives a text of the language (the strings
// live in i18n/en.js and i18n/ja.js, one module per language), `translatePage()` fills the elements marked
// `data-i18n` (text), `data-i18n-title`, `data-i18n-label` (aria-label) and `data-i18n-placeholder`. The
// choice (the menu, or a link's ?lang=) is remembered (localStorage); the first time it follows the
// browser's language. Switching draws the page again in place (`language-changed`: each panel draws its
// texts again, keeping what it shows), and the address says the language too.
import en from './en.js';
import ja from './ja.js';

const LANGUAGES = { en, ja };
const STORE = 'shogi-reach-language';

function stored() {
  try {
    return localStorage.getItem(STORE);
  } catch {
    return null; // storage refused (private mode, file://): the browser's language decides
  }
}

function initial() {
  // Outside a page (the unit tests, under Node): English.
  if (typeof location === 'undefined') return 'en';
  // A link's ?lang= wins and is remembered as the user's choice.
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked && Object.hasOwn(LANGUAGES, asked)) {
    try {
      localStorage.setItem(STORE, asked);
    } catch {
      // not remembered: the address still says it
    }
    return asked;
  }
  const remembered = stored();
  if (remembered && Object.hasOwn(LANGUAGES, remembered)) return remembered;
  const wanted = [...(navigator.languages ?? []), navigator.language ?? ''];
  return wanted[0]?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

let current = initial();
if (typeof document !== 'undefined') document.documentElement.lang = current;

/** `en` or `ja`. */
export const language = () => current;

/** Whether the page is used by touch (a phone's or tablet's screen): its hints say tap, not click. */
export const touchScreen = () =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * The text called `key` in the page's language (English where a Japanese one is missing); on a touch
 * screen its `KEY_touch` variant where there is one (tap rather than click).
 */
export function t(key, ...args) {
  if (touchScreen() && Object.hasOwn(en, `${key}_touch`)) key = `${key}_touch`;
  const text = Object.hasOwn(LANGUAGES[current], key) ? LANGUAGES[current][key] : en[key];
  if (text === undefined) throw new Error(`no text called ${JSON.stringify(key)}`);
  return typeof text === 'function' ? text(...args) : text;
}

/** `text` in brackets after other words: full-width （…） in Japanese, ` (…)` in English. */
export const paren = (/** @type {string} */ text) => (current === 'ja' ? `（${text}）` : ` (${text})`);

/** The colon after a label: full-width `：` in Japanese, `: ` in English. */
export const colon = () => (current === 'ja' ? '：' : ': ');

/** Items in a sentence, as squares are listed: `５五、５六` in Japanese, `5e, 5f` in English. */
export const listed = (/** @type {string[]} */ items) => items.join(current === 'ja' ? '、' : ', ');

/** A number as the page's language writes it. */
export const num = (n) => n.toLocaleString(current === 'ja' ? 'ja-JP' : 'en');

/**
 * Switches the page to `lang` in place: remembered, written into the address (?lang=), the marked
 * elements filled again, and `language-changed` sent to the document for the rest to draw its texts again.
 */
export function setLanguage(lang) {
  if (!Object.hasOwn(LANGUAGES, lang) || lang === current) return;
  current = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORE, lang);
  } catch {
    // not remembered: the address still says it
  }
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(history.state, '', url);
  translatePage();
  document.dispatchEvent(new Event('language-changed'));
}

/** Fills the marked elements under `root` with their texts. */
export function translatePage(root = document) {
  /** @param {string} selector */
  const marked = (selector) => /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(selector));
  for (const el of marked('[data-i18n]')) el.textContent = t(el.dataset.i18n ?? '');
  for (const el of marked('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle ?? '');
  for (const el of marked('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel ?? ''));
  document.title = t('pageTitle');
}
