// Checking per-block tallies computed elsewhere (a shard file, a run saved in this browser) as
// `shogi-reach merge --verify K` does: K of a report's n blocks, drawn at random without repetition, are
// recomputed by the estimate workers and compared with the tallies the report records. K is the engine's
// `blocksToVerify(n)` (crate::blocks::blocks_to_verify): the least K for which a report with 1 % of its
// blocks forged (at least one) passes with a chance of at most 1 % (all blocks up to 100, 368 of 1 000,
// never more than 459).

/** `k` distinct block indices of `0 … n−1`, drawn with crypto.getRandomValues, in increasing order. */
export function pickBlocks(n, k) {
  if (!(Number.isSafeInteger(n) && Number.isSafeInteger(k) && 0 <= k && k <= n)) throw new RangeError(`${k} of ${n} blocks`);
  // A partial Fisher–Yates shuffle of 0 … n−1, the swapped places kept in a map (n may be large).
  const moved = new Map();
  const at = (i) => moved.get(i) ?? i;
  const picks = [];
  for (let i = 0; i < k; i++) {
    const j = i + uniform(n - i);
    picks.push(at(j));
    moved.set(j, at(i));
  }
  return picks.sort((a, b) => a - b);
}

/** A uniform integer in 0 … m−1 (1 ≤ m ≤ 2^32) from crypto.getRandomValues, without modulo bias. */
function uniform(m) {
  const limit = Math.floor(2 ** 32 / m) * m;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0] < limit) return word[0] % m;
  }
}

/** JSON with the keys of every object sorted: equal values, equal text. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Whether two tallies (`{samples, stages, traced_back, reachable_*}`, as the engine gives them) are the
 * same, field by field. The engine hands out only counts that JavaScript numbers hold exactly (it refuses
 * a larger one), and a recomputed block's counts are far below 2^53, so comparing numbers is exact.
 */
export const sameTally = (a, b) => canonical(a) === canonical(b);
