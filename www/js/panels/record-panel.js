// The game-record panel: a record pasted, opened or dropped on the page is read by the engine (any format
// it knows; a file's bytes go as they are, so Shift_JIS is read too), its moves are listed in the page's
// notation, and choosing one (or the start) loads the position after it into the editor. A file larger
// than the engine reads (1 MiB) is refused by its size, unread.
import { errorText } from '../engine/errors.js';
import { readBytes } from '../engine/files.js';
import { language, t } from '../i18n/i18n.js';
import { westernMove } from '../game/notation.js';
import { parseSfen, toSfen } from '../game/sfen.js';
import { VARIANTS } from '../game/variants.js';
import { $, closest, field } from '../page/dom.js';


export class RecordPanel {
  #engine;
  #onPosition;
  /** @type {(import('../engine/api').GameRecord & {sfens: string[], written: string[]}) | null} the record read, with the editor's SFEN of each position and its moves as the page writes them */
  #record = null;
  #run = 0; // the latest read: an older answer is dropped
  #chosen = -1; // the ply last chosen
  /** @type {Promise<import('../engine/api').FileLimits> | null} the engine's file limits, asked once */
  #limits = null;

  /**
   * `engine` reads records; `onPosition(variant, sfen)` loads a position of the record into the editor
   * (false when it refuses, e.g. a game switch while an estimate runs).
   */
  constructor({ engine, onPosition }) {
    this.#engine = engine;
    this.#onPosition = onPosition;
    $('record-read').onclick = () => this.#read(field('record-text').value);
    field('record-file').onchange = () => {
      const file = field('record-file').files?.[0];
      if (file) this.#readFile(file);
    };
    // A file dropped anywhere on the page is read as a record (pieces are dragged with pointer events,
    // not HTML drag and drop, so the two do not meet).
    document.addEventListener('dragover', (e) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    });
    document.addEventListener('drop', (e) => {
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      this.#readFile(file);
    });
    $('record-moves').onclick = (e) => {
      const button = closest(e, 'button[data-ply]');
      if (button) this.#choose(Number(button.dataset.ply));
    };
    // In the list, arrows step through the game and Home/End jump to its ends (the focus follows).
    $('record-moves').onkeydown = (e) => {
      if (!this.#record) return;
      const last = this.#record.moves.length;
      const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
      const ply = e.key === 'Home' ? 0 : e.key === 'End' ? last : step ? this.#chosen + step : null;
      if (ply === null) return;
      e.preventDefault();
      const to = Math.max(0, Math.min(last, ply));
      this.#choose(to);
      /** @type {HTMLElement | null} */ ($('record-moves').querySelector(`button[data-ply="${to}"]`))?.focus();
    };
  }

  /** Reads a record file: refused by its size before a byte is read, else read up to the engine's limit. */
  async #readFile(file) {
    const run = ++this.#run;
    $('record-status').textContent = t('recordReading', file.name);
    let bytes;
    try {
      const limits = (this.#limits ??= this.#engine.call('fileLimits', {}));
      bytes = await readBytes(file, (await limits).record, 'record-too-large');
    } catch (e) {
      this.#limits = null;
      if (run !== this.#run) return;
      this.#showError(t('recordError', errorText(e)));
      $('record-status').textContent = '';
      return;
    }
    if (run === this.#run) this.#read(bytes, file.name);
  }

  /** Reads `data` (text or bytes) and, when it is a record, lists it and loads its last position. */
  async #read(data, name = null) {
    const run = ++this.#run;
    try {
      const record = await this.#engine.call('parseRecord', { data });
      if (run !== this.#run) return;
      // Positions as the editor writes them, so that the one shown can be found in the list.
      const setups = [record.start, ...record.moves.map((m) => m.sfen)].map((s) => parseSfen(record.variant, s));
      record.sfens = setups.map(toSfen);
      record.written = record.moves.map((m, i) =>
        language() === 'ja' ? m.japanese : westernMove(setups[i], { move: m.usi, japanese: m.japanese }),
      );
      this.#record = record;
      this.#showError(null);
      this.#list();
      $('record-status').textContent = t('recordRead', name, record.format, t(VARIANTS[record.variant].titleKey), record.moves.length);
      this.#choose(record.moves.length);
    } catch (e) {
      if (run !== this.#run) return;
      this.#showError(t('recordError', errorText(e)));
      $('record-status').textContent = '';
    }
  }

  #showError(message) {
    const el = $('record-error');
    el.textContent = message ?? '';
    el.hidden = message === null;
    if (message === null) field('record-text').removeAttribute('aria-invalid');
    else field('record-text').setAttribute('aria-invalid', 'true');
  }

  #list() {
    if (!this.#record) return;
    const { moves, written } = this.#record;
    const item = (ply, text, usi) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.ply = ply;
      button.textContent = text;
      if (usi) {
        const span = document.createElement('span');
        span.className = 'usi';
        span.textContent = ` ${usi}`;
        button.append(span);
      }
      li.append(button);
      return li;
    };
    $('record-moves').replaceChildren(
      item(0, t('recordStart')),
      ...moves.map((m, i) => item(i + 1, `${i + 1}. ${written[i]}`, m.usi)),
    );
  }

  #choose(ply) {
    const r = this.#record;
    if (!r || this.#onPosition(r.variant, r.sfens[ply]) === false) return;
    this.#chosen = ply;
    this.positionChanged(r.variant, r.sfens[ply]);
  }

  /** Marks the move chosen while the editor shows its position (not after an edit, nor in another game). */
  positionChanged(variant, sfen) {
    const r = this.#record;
    if (!r) return;
    const shown = variant === r.variant && r.sfens[this.#chosen] === sfen;
    for (const button of /** @type {NodeListOf<HTMLElement>} */ ($('record-moves').querySelectorAll('button[data-ply]'))) {
      const here = shown && Number(button.dataset.ply) === this.#chosen;
      if (here) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
  }
}
