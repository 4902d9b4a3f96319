// The start a position is proved from: the game's initial position (平手) or one of its handicaps, where
// Gote (上手) gave up pieces and moves first. The engine's facts list the handicaps; the engine answers
// from the start named (its own material in place of the full set). Loading a start's own position (a
// preset, a record's start) chooses that start.
import { t } from '../i18n/i18n.js';
import { placement } from '../game/sfen.js';
import { GAMES } from '../game/games.js';
import { $, field } from '../page/dom.js';


export class StartChoice {
  #game = '';

  #onChange;

  /** `onChange()` after the user chooses a start, and on [`changed`]. */
  constructor(onChange) {
    this.#onChange = onChange;
    field('start').onchange = () => onChange();
  }

  /** Tells of a start chosen by [`follow`] outside an edit (a record's start). */
  changed() {
    this.#onChange();
  }

  /** The menu of `game`: the initial position, then each handicap; hidden for a game without. */
  setGame(game) {
    if (game === this.#game) return;
    this.#game = game;
    this.#fill();
  }

  /** Names the starts again in the page's language, the one chosen kept. */
  relabel() {
    const chosen = field('start').value;
    this.#fill();
    field('start').value = chosen;
  }

  /** The menu's options, in the page's language, for the game shown. */
  #fill() {
    const initial = new Option(t('startInitial'), '');
    const starts = GAMES[this.#game].playStarts.slice(1);
    const handicaps = starts.map((s) => new Option(t(s.key, ...s.args), s.args[0]));
    field('start').replaceChildren(initial, ...handicaps);
    $('start-choice').hidden = handicaps.length === 0;
  }

  /** Chooses the start called `name` (a handicap's), telling as a choice of the user's does. */
  choose(name) {
    field('start').value = name;
    this.changed();
  }

  /** The start chosen: `null` for the initial position, else the handicap's name (`角落ち`). */
  get name() {
    return field('start').value || null;
  }

  /**
   * Chooses the start whose position `sfen` is, when it is one (a handicap preset or the initial position
   * loaded); says whether the start changed.
   */
  follow(sfen) {
    const starts = GAMES[this.#game]?.playStarts ?? [];
    const start = starts.find((s) => placement(s.sfen) === placement(sfen));
    if (!start) return false;
    const name = start.args[0] ?? '';
    if (field('start').value === name) return false;
    field('start').value = name;
    return true;
  }
}
