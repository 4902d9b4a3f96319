// The game-record panel: a record pasted, opened or dropped on the page is read by the engine (any format
// it knows; a file's bytes go as they are, so Shift_JIS is read too), its moves are listed in the page's
// notation, and choosing one (or the start) loads the position after it into the editor. A file larger
// than the engine reads (1 MiB) is refused by its size, unread. The record's header is shown as a list,
// each move's comment beside it, and at a move where variations branch a menu chooses the line shown
// (record-lines.js); a line says which parts of the text were not kept.
import { errorText } from '../engine/errors.js';
import { readBytes } from '../engine/files.js';
import { language, paren, t } from '../i18n/i18n.js';
import { westernMove } from '../game/notation.js';
import { parseSfen, toSfen } from '../game/sfen.js';
import { VARIANTS } from '../game/variants.js';
import { $, closest, field } from '../page/dom.js';
import { RecordLines } from './record-lines.js';
import { showHeader, showSkipped } from './record-notes.js';


export class RecordPanel {
  #engine;
  #onPosition;
  #onStart;
  /**
   * @type {{variant: import('../engine/api').Variant, read: import('../engine/api').GameRecord, lines: RecordLines, start: string, sfens: string[][], written: string[][], texts: () => void} | null}
   * the record read (as the engine gave it): its lines, and for each line the editor's SFEN after each move
   * and its moves as the page writes them
   */
  #record = null;
  #shown = 0; // the line shown (0: the main line)
  /** @type {{sfens: string[], steps: import('./record-lines.js').Step[]}} the line shown from the start: the editor's SFEN of each position, its moves */
  #line = { sfens: [], steps: [] };
  #run = 0; // the latest read: an older answer is dropped
  #chosen = -1; // the ply last chosen
  /** @type {Promise<import('../engine/api').FileLimits> | null} the engine's file limits, asked once */
  #limits = null;
  /** @type {(() => string) | null} the error shown, as words in the page's language */
  #error = null;

  /**
   * `engine` reads records; `onPosition(variant, sfen)` loads a position of the record into the editor
   * (false when it refuses, e.g. a game switch while an estimate runs); `onStart(sfen)` gets the start of a
   * record read; `onPlay(record, usis)` plays on from the record, at the move chosen (`usis`: the moves to it).
   * @param {{engine: import('../engine/engine.js').Engine, onPosition: (variant: import('../engine/api').Variant, sfen: string) => boolean | void,
   *   onStart?: (sfen: string) => void, onPlay?: (record: import('../engine/api').GameRecord, usis: string[]) => void}} options
   */
  constructor({ engine, onPosition, onStart = () => {}, onPlay = () => {} }) {
    this.#engine = engine;
    this.#onPosition = onPosition;
    this.#onStart = onStart;
    $('record-play').onclick = () => {
      const r = this.#record;
      if (r) onPlay(r.read, this.#line.steps.slice(0, Math.max(0, this.#chosen)).map((step) => r.lines.move(step).usi));
    };
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
    // A variation chosen at its move: that line is shown, and the position after the move loaded.
    $('record-moves').onchange = (e) => {
      const select = /** @type {HTMLSelectElement | null} */ (closest(e, 'select[data-ply]'));
      if (!select) return;
      const ply = Number(select.dataset.ply);
      this.#showLine(Number(select.value));
      this.#choose(ply);
      /** @type {HTMLElement | null} */ ($('record-moves').querySelector(`select[data-ply="${ply}"]`))?.focus();
    };
    // In the list, arrows step through the game and Home/End jump to its ends (the focus follows).
    $('record-moves').onkeydown = (e) => {
      if (!this.#record) return;
      if (closest(e, 'select')) return; // a menu's own keys
      const last = this.#line.steps.length;
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
      this.#showError(() => t('recordError', errorText(e)));
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
      const lines = new RecordLines(record);
      // Positions as the editor writes them, so that the one shown can be found in the list.
      const sfens = lines.lines.map((line) => line.moves.map((m) => toSfen(parseSfen(record.variant, m.sfen))));
      const start = toSfen(parseSfen(record.variant, record.start));
      // The parts of the panel in words, drawn again after a language switch.
      const texts = () => {
        showHeader($('record-header'), record.header);
        showSkipped($('record-skipped'), record.skipped, record.format);
        $('record-status').textContent = t('recordRead', name, record.format, t(VARIANTS[record.variant].titleKey), record.moves.length);
      };
      this.#record = { variant: record.variant, read: record, lines, start, sfens, written: writtenMoves(record.variant, lines), texts };
      $('record-play').hidden = false;
      this.#showError(null);
      texts();
      this.#showLine(0);
      this.#choose(record.moves.length);
      this.#onStart(start);
    } catch (e) {
      if (run !== this.#run) return;
      this.#showError(() => t('recordError', errorText(e)));
      $('record-status').textContent = '';
    }
  }

  /**
   * Draws the record again in the page's language (its moves, header and notes), the line shown kept:
   * after a language switch ([`positionChanged`] then marks the move shown).
   */
  relabel() {
    if (this.#error) this.#showError(this.#error);
    const r = this.#record;
    if (!r) return;
    r.written = writtenMoves(r.variant, r.lines);
    r.texts();
    this.#list();
  }

  /** Shows line `index` from the start: its positions and its moves, listed. */
  #showLine(index) {
    const r = this.#record;
    if (!r) return;
    this.#shown = index;
    const steps = r.lines.steps(index);
    this.#line = { steps, sfens: [r.start, ...steps.map((s) => r.sfens[s.line][s.index])] };
    this.#list();
  }

  /** Shows the error `message()` gives in the page's language (again after a switch), or none (`null`). */
  #showError(message) {
    this.#error = message;
    const el = $('record-error');
    el.textContent = message?.() ?? '';
    el.hidden = message === null;
    if (message === null) field('record-text').removeAttribute('aria-invalid');
    else field('record-text').setAttribute('aria-invalid', 'true');
  }

  #list() {
    const r = this.#record;
    if (!r) return;
    const { steps } = this.#line;
    const item = (ply, text, usi, comment) => {
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
      if (ply > 0) this.#variationMenu(li, steps, ply);
      if (comment) {
        // Beside its move: the list item takes the whole row.
        const note = document.createElement('span');
        note.className = 'record-comment';
        note.textContent = comment;
        li.classList.add('has-comment');
        li.append(note);
      }
      return li;
    };
    $('record-moves').replaceChildren(
      item(0, t('recordStart'), null, r.lines.lines[0].comment),
      ...steps.map((s, i) => {
        const m = r.lines.move(s);
        return item(i + 1, `${i + 1}. ${r.written[s.line][s.index]}`, m.usi, m.comment ?? '');
      }),
    );
  }

  /** A menu of the lines at move `ply`, after its button, when there is more than one. */
  #variationMenu(li, steps, ply) {
    const r = this.#record;
    if (!r) return;
    const lines = r.lines.alternatives(steps, ply);
    if (lines.length < 2) return;
    const select = document.createElement('select');
    select.dataset.ply = String(ply);
    select.className = 'record-variations';
    select.setAttribute('aria-label', t('recordVariations', ply));
    for (const line of lines) {
      const m = r.lines.lines[line];
      const option = new Option(`${r.written[line][ply - m.ply]}${line === 0 ? paren(t('recordMainLine')) : ''}`, String(line));
      option.selected = line === steps[ply - 1].line;
      select.append(option);
    }
    li.classList.add('has-variations');
    li.append(select);
  }

  #choose(ply) {
    const r = this.#record;
    const sfen = this.#line.sfens[ply];
    if (!r || this.#onPosition(r.variant, sfen) === false) return;
    this.#chosen = ply;
    this.positionChanged(r.variant, sfen);
  }

  /** Marks the move chosen while the editor shows its position (not after an edit, nor in another game). */
  positionChanged(variant, sfen) {
    const r = this.#record;
    if (!r) return;
    const shown = variant === r.variant && this.#line.sfens[this.#chosen] === sfen;
    for (const button of /** @type {NodeListOf<HTMLElement>} */ ($('record-moves').querySelectorAll('button[data-ply]'))) {
      const here = shown && Number(button.dataset.ply) === this.#chosen;
      if (here) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
  }
}

/**
 * Each line's moves as the page's language writes them: Japanese notation, or Western in English.
 * @param {import('../engine/api').Variant} variant
 * @param {RecordLines} lines
 */
function writtenMoves(variant, lines) {
  return lines.lines.map((line) => {
    const setups = [line.before, ...line.moves.map((m) => m.sfen)].map((s) => parseSfen(variant, s));
    return line.moves.map((m, i) =>
      language() === 'ja' ? m.japanese : westernMove(setups[i], { move: m.usi, japanese: m.japanese }),
    );
  });
}
