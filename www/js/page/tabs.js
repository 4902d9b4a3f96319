// The page's two tabs, Position and Estimate.
import { $ } from './dom.js';

const TABS = ['position', 'estimate'];

/** Shows tab `name` (`position` or `estimate`) and hides the other. */
export function selectTab(name) {
  for (const tab of TABS) {
    $(`tab-${tab}`).hidden = tab !== name;
    $(`tab-${tab}-button`).setAttribute('aria-selected', String(tab === name));
  }
}

/** Makes the tab buttons switch tabs, starting on `initial` when it names a tab. */
export function setUpTabs(initial) {
  for (const tab of TABS) $(`tab-${tab}-button`).onclick = () => selectTab(tab);
  if (TABS.includes(initial)) selectTab(initial);
}
