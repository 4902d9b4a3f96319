// The page's link: what the query string asks for (`game`, `sfen`, `labels`, `tab`; `lang` is i18n.js's)
// and writing the position being edited and the tab shown back into it, so that a reload or a copied link
// opens the same view.
import { detectGame, parseSfen, readSfen } from '../game/sfen.js';
import { t } from '../i18n/i18n.js';
import { DEFAULT_GAME, GAMES, gameNamed } from '../game/games.js';

const GAME_NAMES = Object.keys(GAMES).join(', ');

/**
 * What the link asks for, read safely: `{labels, game, setup, badSfen, notices, tab}`. An unknown game
 * falls back to the game of the SFEN (or Shogi); a position text that is not SFEN as the engine writes it
 * gives the initial position and is kept in `badSfen`, for the engine to read (the reference's format) or
 * to say what is wrong. `notices` says, in words, what was not as asked.
 */
export function readLink(search) {
  const params = new URLSearchParams(search);
  const notices = [];
  const sfenText = params.get('sfen');
  const game = gameOf(params.get('game'), sfenText, notices);
  const setup = sfenText === null ? null : readSfen(game, sfenText);
  const badSfen = sfenText !== null && !setup ? sfenText : null;
  return {
    labels: params.get('labels') === 'western' ? 'western' : 'kanji',
    game,
    setup: setup ?? parseSfen(game, GAMES[game].start),
    badSfen,
    notices,
    tab: params.get('tab'),
  };
}

/** The game named in the link; else the game the SFEN's board fits, else the default game (saying why in
 * `notices`). */
function gameOf(game, sfenText, notices) {
  if (game !== null && gameNamed(game)) return game;
  const fallback = (sfenText && detectGame(sfenText)) || DEFAULT_GAME;
  if (game !== null) {
    notices.push(t('noSuchGame', game, GAME_NAMES, t(GAMES[fallback].titleKey)));
  }
  return fallback;
}

/** Puts the game, the position and the piece labels into the address bar (no new history entry). */
export function writeLink(game, sfen, labels) {
  const url = new URL(location.href);
  url.searchParams.set('game', game);
  url.searchParams.set('sfen', sfen);
  if (labels !== 'kanji') url.searchParams.set('labels', labels);
  else url.searchParams.delete('labels');
  history.replaceState(null, '', url);
}

/** Puts the tab shown into the address bar (none for the Position tab, where a page opens), so that a reload
 * or a copied link opens it again. */
export function writeTab(tab) {
  const url = new URL(location.href);
  if (tab === 'position') url.searchParams.delete('tab');
  else url.searchParams.set('tab', tab);
  if (url.href !== location.href) history.replaceState(null, '', url);
}
