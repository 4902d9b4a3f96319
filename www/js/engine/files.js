// Files the user gives the page (a game record opened or dropped, shard files to merge): refused by their
// size (File.size) before a byte is read, and never read past their limit. The limits are the engine's
// (`fileLimits()`: a record at most 1 MiB, as the record readers refuse a larger one; a report at most
// 64 MiB, the per-block tallies of about 110 000 blocks, 7 × 10^9 samples), and the error is the engine's, of kind
// `record-too-large` or `report-too-large`, so that the page says it in its language.

/** @typedef {Extract<import('./api').EngineErrorKind, 'record-too-large' | 'report-too-large'>} TooLarge */

/**
 * An error like the engine's: `kind` and `params` for errors.js, `message` in English.
 * @param {TooLarge} kind
 * @param {File} file
 * @param {number} max
 * @returns {Error & import('./api').EngineErrorData}
 */
function tooLarge(kind, file, max) {
  const what = kind === 'record-too-large' ? 'record' : 'report';
  const e = new Error(`${file.name}: ${what} of ${file.size} bytes: at most ${max} are read`);
  return Object.assign(e, { kind, params: { file: file.name, bytes: file.size, max } });
}

/**
 * Refuses (throws the error of `kind`) a file larger than `max` bytes, by its size: nothing is read.
 * @param {File} file
 * @param {number} max
 * @param {TooLarge} kind
 */
export function checkSize(file, max, kind) {
  if (file.size > max) throw tooLarge(kind, file, max);
}

/**
 * The bytes of `file` (at most `max`); an error of `kind` when it is larger, before anything is read.
 * @param {File} file
 * @param {number} max
 * @param {TooLarge} kind
 */
export async function readBytes(file, max, kind) {
  checkSize(file, max, kind);
  // (A file that grew since it was chosen is still read no further than one byte past the limit.)
  const bytes = new Uint8Array(await file.slice(0, max + 1).arrayBuffer());
  if (bytes.length > max) throw tooLarge(kind, file, max);
  return bytes;
}

/**
 * The text (UTF-8) of `file`, as `readBytes` reads it.
 * @param {File} file
 * @param {number} max
 * @param {TooLarge} kind
 */
export async function readText(file, max, kind) {
  return new TextDecoder().decode(await readBytes(file, max, kind));
}
