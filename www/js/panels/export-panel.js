// Exports for other programs, three menus: the editor's position (SFEN and BOD copied; KIF in Shift_JIS or
// UTF-8; a PNG or SVG picture of the board), the whole proof game, and the line played in the play panel
// (KIF, KIFU, KI2, KI2U, USI, and CSA for Shogi). The files are written by the engine (exportRecord), in
// the encoding their names promise: `.kif` and `.ki2` Shift_JIS, `.kifu` and `.ki2u` UTF-8. Each menu is
// a <details> this module fills; the panel that shows it decides when it is shown.
import { drawBoard, toPng, toSvg } from '../board/board-picture.js';
import { errorText } from '../engine/errors.js';
import { t } from '../i18n/i18n.js';
import { $ } from '../page/dom.js';
import { download } from '../page/download.js';
import { parseSfen } from '../game/sfen.js';
import { GAMES } from '../game/games.js';

/**
 * Moves (USI) from a start (SFEN); with `tree`, the moves played and their variations (its KIF has them).
 * @typedef {{game: string, start: string, moves: string[], comment?: string, tree?: import('../engine/api').MoveTree}} Line
 */
/** @typedef {{format: string, label: string, run: () => Promise<string>}} Item `run` says what it did */

/** The record formats of a line: those of its game (the engine's facts) but the diagram alone. */
const lineFormats = (game) => GAMES[game].exportFormats.filter((f) => f !== 'bod');

export class ExportPanel {
  #engine;
  #position;
  #labels;
  #flipped;
  #proofGame;
  #playedLine;

  /**
   * `engine` writes the files; `position()` is the editor's {game, sfen}; `labels()` and `flipped()`
   * how the page draws the board; `proofGame()` and `playedLine()` the lines shown ({@link Line}, or null).
   */
  constructor({ engine, position, labels, flipped, proofGame, playedLine }) {
    this.#engine = engine;
    this.#position = position;
    this.#labels = labels;
    this.#flipped = flipped;
    this.#proofGame = proofGame;
    this.#playedLine = playedLine;
    this.#fill('position-export', () => this.#positionItems());
    this.#fill('game-export', () => this.#lineItems(this.#proofGame(), 'proof-game'));
    this.#fill('play-export', () => this.#lineItems(this.#playedLine(), 'game'));
  }

  /** Builds the menu `id` afresh each time it opens (the game, and so the formats, may have changed). */
  #fill(id, items) {
    const menu = /** @type {HTMLDetailsElement} */ ($(id));
    menu.classList.add('export-menu');
    const summary = document.createElement('summary');
    summary.dataset.i18n = 'exportMenu';
    summary.textContent = t('exportMenu');
    const list = document.createElement('div');
    list.className = 'export-items';
    const status = document.createElement('p');
    status.className = 'status export-status';
    status.setAttribute('role', 'status');
    menu.replaceChildren(summary, list, status);
    menu.addEventListener('toggle', () => {
      if (!menu.open) return;
      status.textContent = '';
      const shown = items();
      list.replaceChildren(...shown.map((item) => this.#button(item, status)));
      const game = this.#gameOf(id);
      // A game CSA cannot record is one 9×9 programs cannot read: its records say how they differ.
      if (game && !GAMES[game].exportFormats.includes('csa')) {
        const note = document.createElement('p');
        note.className = 'hint export-note';
        note.textContent = t('exportMiniNote');
        list.append(note);
      }
    });
  }

  #gameOf(id) {
    if (id === 'position-export') return this.#position().game;
    return (id === 'game-export' ? this.#proofGame() : this.#playedLine())?.game;
  }

  /** @param {Item} item @param {HTMLElement} status */
  #button(item, status) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.export = item.format;
    button.textContent = item.label;
    button.onclick = async () => {
      try {
        status.textContent = await item.run();
        status.classList.remove('error');
      } catch (e) {
        status.textContent = errorText(e);
        status.classList.add('error');
      }
    };
    return button;
  }

  /** @returns {Item[]} */
  #positionItems() {
    const { game, sfen } = this.#position();
    const name = `position-${game}`;
    const picture = () => drawBoard(parseSfen(game, sfen), { labels: this.#labels(), flipped: this.#flipped() });
    return [
      { format: 'sfen', label: t('exportSfen'), run: () => copy(sfen) },
      { format: 'bod', label: t('exportBod'), run: async () => copy(new TextDecoder().decode(await this.#file({ game, start: sfen, moves: [] }, 'bod'))) },
      ...['kif', 'kifu'].map((format) => this.#fileItem({ game, start: sfen, moves: [] }, format, name)),
      {
        format: 'png',
        label: t('exportPng'),
        run: async () => save(`${name}.png`, await toPng(picture()), 'image/png'),
      },
      { format: 'svg', label: t('exportSvg'), run: async () => save(`${name}.svg`, toSvg(picture()), 'image/svg+xml') },
    ];
  }

  /** @param {Line | null} line @param {string} stem @returns {Item[]} */
  #lineItems(line, stem) {
    if (!line) return [];
    return lineFormats(line.game).map((format) => this.#fileItem(line, format, `${stem}-${line.game}`));
  }

  /** @param {Line} line @param {string} format @param {string} name @returns {Item} */
  #fileItem(line, format, name) {
    return {
      format,
      label: t(`exportFormat_${format}`),
      run: async () => save(`${name}.${format}`, await this.#file(line, format), 'application/octet-stream'),
    };
  }

  /** The file's bytes, written by the engine (a tree's KIF with its variations). @param {Line} line @param {string} format */
  #file(line, format) {
    const { game, start, moves, comment = '', tree } = line;
    if (tree) return this.#engine.call('exportTree', { game, tree, format, comment });
    return this.#engine.call('exportRecord', { game, start, moves, format, comment });
  }
}

/** Copies `text`; what was done, for the menu's status. @param {string} text */
async function copy(text) {
  await navigator.clipboard.writeText(text);
  return t('exportCopied');
}

/** Saves a file; what was done, for the menu's status. @param {string} name @param {BlobPart} data @param {string} type */
function save(name, data, type) {
  download(name, data, type);
  return t('exportSaved', name);
}
