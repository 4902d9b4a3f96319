// The game-record panel: a record pasted, opened or dropped on the page is read by the engine (any format
// it knows; a file's bytes go as they are, so Shift_JIS is read too) and becomes the page's move tree (the
// play panel, on the page's board): its moves, variations and comments, shown at its last move, whose
// position the editor takes. A file larger than the engine reads (1 MiB) is refused by its size, unread.
// The panel keeps the record's header, as a list, and a line that says which parts of the text were not
// kept.
import { errorText } from '../engine/errors.js';
import { readBytes } from '../engine/files.js';
import { t } from '../i18n/i18n.js';
import { GAMES } from '../game/games.js';
import { $, field } from '../page/dom.js';
import { showHeader, showSkipped } from './record-notes.js';


export class RecordPanel {
  #engine;
  #onRead;
  #onStart;
  /** @type {(() => void) | null} draws the record's header, notes and status line in the page's language */
  #texts = null;
  #run = 0; // the latest read: an older answer is dropped
  /** @type {Promise<import('../engine/api').FileLimits> | null} the engine's file limits, asked once */
  #limits = null;
  /** @type {(() => string) | null} the error shown, as words in the page's language */
  #error = null;

  /**
   * `engine` reads records; `onRead(record)` takes a record read to the page's move tree and its last
   * position to the editor (false when it is refused, e.g. a game switch while an estimate runs);
   * `onStart(sfen)` gets the start of a record read.
   * @param {{engine: import('../engine/engine.js').Engine, onRead: (record: import('../engine/api').GameRecord) => boolean,
   *   onStart?: (sfen: string) => void}} options
   */
  constructor({ engine, onRead, onStart = () => {} }) {
    this.#engine = engine;
    this.#onRead = onRead;
    this.#onStart = onStart;
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

  /** Reads `data` (text or bytes) and, when it is a record, makes it the page's move tree. */
  async #read(data, name = null) {
    const run = ++this.#run;
    try {
      const record = await this.#engine.call('parseRecord', { data });
      if (run !== this.#run) return;
      this.#showError(null);
      this.#texts = () => {
        showHeader($('record-header'), record.header);
        showSkipped($('record-skipped'), record.skipped, record.format);
        $('record-status').textContent = t('recordRead', name, record.format, t(GAMES[record.game].titleKey), record.moves.length);
      };
      this.#texts();
      if (this.#onRead(record)) this.#onStart(record.start);
    } catch (e) {
      if (run !== this.#run) return;
      this.#showError(() => t('recordError', errorText(e)));
      $('record-status').textContent = '';
    }
  }

  /** Draws the panel again in the page's language (the header, notes and error): after a language switch. */
  relabel() {
    if (this.#error) this.#showError(this.#error);
    this.#texts?.();
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
}
