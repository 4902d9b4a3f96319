// What the answer card decides without the page: which kind of answer a verdict gets, and the node cap
// it offers when a search gave up.

/**
 * The card's kind for a verdict: `reachable`, `unreachable` or `unknown` (the node cap was hit).
 * @param {{verdict: string}} result
 * @returns {'reachable' | 'unreachable' | 'unknown'}
 */
export function answerKind(result) {
  if (result.verdict === 'reachable' || result.verdict === 'unreachable') return result.verdict;
  return 'unknown';
}

/**
 * The node cap to offer after `cap` was hit: ten times it, at most `max`; null when `cap` is `max` already.
 * @param {number} cap
 * @param {number} max
 * @returns {number | null}
 */
export function raisedCap(cap, max) {
  if (!(cap < max)) return null;
  return Math.min(cap * 10, max);
}
