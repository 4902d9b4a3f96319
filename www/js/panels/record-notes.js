// What the record panel shows beside the moves: the record's header as a definition list (a known
// field under its name in the page's language, any other under its key as written) and the one line
// that says which parts of the text the reader did not keep.
import { t } from '../i18n/i18n.js';

/**
 * Fills `list` (a `<dl>`) with the header's fields; hidden when there are none.
 * @param {HTMLElement} list
 * @param {import('../engine/api').RecordHeaderField[]} fields
 */
export function showHeader(list, fields) {
  const rows = (fields ?? []).flatMap(({ key, name, value }) => {
    const dt = document.createElement('dt');
    dt.textContent = name ? t(`recordField_${name}`) : key;
    if (name) dt.title = key;
    const dd = document.createElement('dd');
    dd.textContent = value;
    return [dt, dd];
  });
  list.replaceChildren(...rows);
  list.hidden = rows.length === 0;
}

/**
 * Says in `line` which parts of the record were skipped; hidden when none were. The game's end is named
 * as the record's format writes it (CSA: `%TORYO`; KIF and KI2: 投了, まで…).
 * @param {HTMLElement} line
 * @param {import('../engine/api').RecordSkipped[]} parts
 * @param {string} [format] the record's format (`kif`, `csa`, …)
 */
export function showSkipped(line, parts, format) {
  const name = (/** @type {string} */ p) => t(p === 'end' && format === 'csa' ? 'recordSkipped_end_csa' : `recordSkipped_${p}`);
  line.textContent = parts?.length ? t('recordSkipped', parts.map(name)) : '';
  line.hidden = !parts?.length;
}
