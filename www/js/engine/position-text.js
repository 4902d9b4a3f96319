// A position typed, pasted or linked by a person, read by the engine: the page itself reads only the SFEN
// the engine writes (game/sfen.js).

/**
 * The position `text` as the engine reads it (SFEN, `startpos`, the reference's `board[hands] w`): its
 * SFEN, or the engine's error (`{kind, message, params}`, which errorText says in words) thrown.
 * @param {import('./engine.js').Engine} engine
 * @param {import('./api').GameName} game
 * @param {string} text
 * @returns {Promise<string>}
 */
export async function readPosition(engine, game, text) {
  const { sfen, issues } = await engine.call('diagnose', { game, sfen: text });
  if (sfen !== null) return sfen;
  throw issues.find((i) => i.error)?.error ?? new Error(issues[0]?.message ?? text);
}
