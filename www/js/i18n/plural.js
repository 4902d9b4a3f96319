// English plurals for counts: "1 position", "2 positions", "1 ply", "0 plies". A count may come as a number
// or as the text the page already wrote for it ("1", "1,234", "1 234"): only exactly one is singular.

/**
 * Whether `n` (a number or a number's text) is exactly one.
 * @param {number | bigint | string} n
 */
export function isOne(n) {
  if (typeof n === 'number' || typeof n === 'bigint') return Number(n) === 1;
  return String(n).replace(/[\s,\u00a0\u202f]/g, '') === '1';
}

/**
 * The word for `n` things: `one` for exactly one, else `many` (`one` + "s" unless given).
 * @param {number | bigint | string} n
 * @param {string} one
 * @param {string} [many]
 */
export function plural(n, one, many = `${one}s`) {
  return isOne(n) ? one : many;
}

/**
 * `n` with its word: `count(1, 'ply', 'plies')` is "1 ply".
 * @param {number | bigint | string} n
 * @param {string} one
 * @param {string} [many]
 */
export function counted(n, one, many) {
  return `${n} ${plural(n, one, many)}`;
}
