// Words a visitor may not know, explained where they appear: every `<span class="term" data-term="KEY">`
// shows the glossary's `term:KEY` text (in the dictionaries, i18n/en.js and ja.js) in one tooltip, on
// hover, on keyboard focus and on a tap; Escape, a tap elsewhere or leaving it closes it. The text is
// looked up each time the tooltip opens, so it is always in the page's language (a language switch reloads
// the page). The listeners are on the document, so terms drawn later (tables, verdicts) work too.
import { t } from '../i18n/i18n.js';

const TIP_ID = 'term-tip';
// Leaving a term with the mouse closes its tooltip after this pause, so the pointer can move onto it.
const HIDE_AFTER_MS = 200;

/** @type {HTMLElement | null} the term whose tooltip shows */
let shown = null;
// Opened by a click or tap (or Enter): stays open until closed on purpose.
let pinned = false;
let hideTimer = 0;

/** The glossary's text for `key`, or null if it has none. @param {string} key */
export function termText(key) {
  try {
    return t(`term:${key}`);
  } catch {
    return null;
  }
}

/**
 * A term: `text` explained by the glossary entry `key`.
 * @param {string} key
 * @param {string} text
 */
export function termElement(key, text) {
  const span = document.createElement('span');
  span.className = 'term';
  span.dataset.term = key;
  span.tabIndex = 0;
  span.textContent = text;
  return span;
}

/** The glossary entry of the stage called `code` (`piece` → `stage-piece`, `unknown` → `unknown`). */
export function stageTerm(/** @type {string} */ code) {
  return code === 'unknown' ? 'unknown' : `stage-${code.toLowerCase()}`;
}

/**
 * Marks, in the text under `root`, the first place each glossary entry of `keys` is named (its words in the
 * page's language: `termWords`), so that a sentence such as a verdict explains its own words.
 * @param {HTMLElement} root
 * @param {string[]} keys
 */
export function markTerms(root, keys) {
  /** @type {Record<string, string[]>} */
  const words = t('termWords');
  for (const key of keys) {
    for (const word of words[key] ?? []) {
      if (wrapFirst(root, key, word)) break;
    }
  }
}

/** Wraps the first `word` in a text node under `root` (outside other terms); whether it found one. */
function wrapFirst(/** @type {HTMLElement} */ root, /** @type {string} */ key, /** @type {string} */ word) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.nodeValue?.indexOf(word) ?? -1;
    if (at < 0 || node.parentElement?.closest('.term, button, a')) continue;
    const rest = /** @type {Text} */ (node).splitText(at);
    rest.splitText(word.length);
    rest.replaceWith(termElement(key, word));
    return true;
  }
  return false;
}

/** Turns the tooltips on (once, when the page starts). */
export function setUpTerms() {
  const tip = document.createElement('div');
  tip.id = TIP_ID;
  tip.className = 'term-tip';
  tip.setAttribute('role', 'tooltip');
  tip.hidden = true;
  document.body.append(tip);
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.term'))) el.tabIndex = 0;

  document.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'mouse') return;
    const term = termOf(e.target);
    if (term || tip.contains(/** @type {Node} */ (e.target))) clearTimeout(hideTimer);
    if (term && term !== shown && !pinned) show(term);
  });
  document.addEventListener('pointerout', (e) => {
    if (e.pointerType === 'mouse' && !pinned && (termOf(e.target) || tip.contains(/** @type {Node} */ (e.target)))) {
      clearTimeout(hideTimer);
      hideTimer = window.setTimeout(hide, HIDE_AFTER_MS);
    }
  });
  document.addEventListener('focusin', (e) => {
    const term = termOf(e.target);
    if (term && term !== shown) show(term);
  });
  document.addEventListener('focusout', (e) => {
    if (termOf(e.target) === shown && !pinned) hide();
  });
  document.addEventListener('click', (e) => {
    const term = termOf(e.target);
    if (!term) return;
    // A term inside a <label> explains itself only: the label must not focus its field (a phone's
    // keyboard would open over the explanation).
    if (term.closest('label')) e.preventDefault();
    toggle(term);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && shown) {
      hide();
      return;
    }
    const term = termOf(e.target);
    if (term && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      toggle(term);
    }
  });
  // A tap or click anywhere else closes it.
  document.addEventListener('pointerdown', (e) => {
    if (shown && !termOf(e.target) && !tip.contains(/** @type {Node} */ (e.target))) hide();
  });
  window.addEventListener('resize', () => shown && place(shown));
}

/** The term that `target` is in, or null. @param {EventTarget | null} target */
function termOf(target) {
  const el = target instanceof Element ? target.closest('.term[data-term]') : null;
  return el instanceof HTMLElement ? el : null;
}

/** A click, tap or Enter: opens the term's tooltip to stay, or closes it if it stays already. */
function toggle(/** @type {HTMLElement} */ term) {
  if (shown === term && pinned) {
    hide();
    return;
  }
  show(term);
  pinned = true;
}

function show(/** @type {HTMLElement} */ term) {
  const tip = tipElement();
  if (shown && shown !== term) shown.removeAttribute('aria-describedby');
  clearTimeout(hideTimer);
  pinned = false;
  shown = term;
  tip.textContent = termText(term.dataset.term ?? '') ?? '';
  tip.dataset.term = term.dataset.term;
  term.setAttribute('aria-describedby', TIP_ID);
  tip.hidden = false;
  place(term);
}

function hide() {
  clearTimeout(hideTimer);
  shown?.removeAttribute('aria-describedby');
  shown = null;
  pinned = false;
  tipElement().hidden = true;
}

/** Puts the tooltip under the term (above it if there is no room below), inside the screen's width. */
function place(/** @type {HTMLElement} */ term) {
  const tip = tipElement();
  const at = term.getBoundingClientRect();
  const margin = 8;
  tip.style.left = '0px';
  tip.style.top = '0px';
  const { width, height } = tip.getBoundingClientRect();
  const left = Math.max(margin, Math.min(at.left, document.documentElement.clientWidth - width - margin));
  const below = at.bottom + 6;
  const top = below + height > window.innerHeight && at.top - height - 6 > 0 ? at.top - height - 6 : below;
  tip.style.left = `${left + window.scrollX}px`;
  tip.style.top = `${top + window.scrollY}px`;
}

function tipElement() {
  const tip = document.getElementById(TIP_ID);
  if (!tip) throw new Error('setUpTerms() has not run');
  return tip;
}
