// The node cap of a proof (the Position tab's field): a whole number of positions from 1 to MAX_NODE_CAP,
// written in digits; anything else is refused with a message in the page's language.
import { t } from '../i18n/i18n.js';

/** The most positions a search may generate (the engine refuses more: a 4 GiB memory holds far fewer). */
export const MAX_NODE_CAP = 1e9;

/** A node cap that is not a whole number from 1 to MAX_NODE_CAP, with what was typed. */
export class NodeCapError extends Error {
  constructor(text) {
    const what = text.trim() === '' ? t('nodeCapMissing') : t('nodeCapRefused', text.trim());
    super(`${what}${t('nodeCapRule', MAX_NODE_CAP.toLocaleString('en'))}`);
    this.name = 'NodeCapError';
  }
}

/** The node cap typed in `text`: a whole number from 1 to MAX_NODE_CAP written in digits, else NodeCapError. */
export function parseNodeCap(text) {
  const digits = text.trim();
  const n = Number(digits);
  if (!/^\d+$/.test(digits) || n < 1 || n > MAX_NODE_CAP) throw new NodeCapError(text);
  return n;
}
