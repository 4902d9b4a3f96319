// The page's tabs: Position, Estimate and How it works (its panel hears `tab-shown` when it is shown).
import { $ } from './dom.js';

const TABS = ['position', 'estimate', 'how'];
/** @type {(name: string) => void} told the tab shown (the page's state, which the address follows) */
let shown = () => {};

/** Shows tab `name` (`position`, `estimate` or `how`) and hides the others. */
export function selectTab(name) {
  shown(name);
  for (const tab of TABS) {
    $(`tab-${tab}`).hidden = tab !== name;
    $(`tab-${tab}-button`).setAttribute('aria-selected', String(tab === name));
    // One tab stop for the tab list (the chosen tab); the arrow keys go to the other, as ARIA's tabs do.
    $(`tab-${tab}-button`).tabIndex = tab === name ? 0 : -1;
  }
  // A panel that draws itself only when shown (the walkthrough, loaded on first use) hears it.
  $(`tab-${name}`).dispatchEvent(new CustomEvent('tab-shown'));
}

/**
 * Makes the tab buttons switch tabs, starting on `initial` when it names a tab; `onShown(name)` hears each
 * tab shown.
 * @param {string | null} initial
 * @param {(name: string) => void} onShown
 */
export function setUpTabs(initial, onShown) {
  shown = onShown;
  for (const tab of TABS) {
    const button = $(`tab-${tab}-button`);
    button.onclick = () => selectTab(tab);
    button.onkeydown = (e) => {
      const step = { ArrowRight: 1, ArrowLeft: -1, Home: -TABS.length, End: TABS.length }[e.key];
      if (!step) return;
      e.preventDefault();
      const next = TABS[Math.max(0, Math.min(TABS.length - 1, TABS.indexOf(tab) + step))];
      selectTab(next);
      $(`tab-${next}-button`).focus();
    };
  }
  // A skip link into the hidden tab shows that tab first (its target can then take the focus).
  for (const link of document.querySelectorAll('a[href^="#"]')) {
    link.addEventListener('click', () => {
      const panel = document.querySelector(link.getAttribute('href') ?? '')?.closest('[role="tabpanel"]');
      if (panel) selectTab(panel.id.replace('tab-', ''));
    });
  }
  selectTab(initial && TABS.includes(initial) ? initial : 'position');
}
