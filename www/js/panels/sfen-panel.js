// The SFEN field and its buttons (Load, Copy, Copy link), the presets, and the message line under them
// (errors stay until the next edit; refusals of an edit go away by themselves).
import { errorText } from '../engine/errors.js';
import { readPosition } from '../engine/position-text.js';
import { t } from '../i18n/i18n.js';
import { detectGame, parseSfen } from '../game/sfen.js';
import { GAMES } from '../game/games.js';
import { $, field } from '../page/dom.js';

const FLASH_MS = 4000;

export class SfenPanel {
  /** @type {number | undefined} */
  #flashTimer;
  /** @type {number | undefined} */
  #copyTimer;

  /**
   * `engine` reads the text (it also knows the reference's format: `w` = Sente, hands as [...]);
   * `currentGame()` is the game being edited; `onPosition(game, setup)` loads a position read from
   * the field (false when it refuses); `onPreset(sfen)` a preset; `currentSfen()` is what Copy copies.
   */
  constructor({ engine, currentGame, currentSfen, onPosition, onPreset }) {
    $('sfen-form').onsubmit = (e) => {
      e.preventDefault();
      this.#load(engine, field('sfen').value, currentGame(), onPosition);
    };
    $('copy-sfen').onclick = () => this.#copy(currentSfen(), t('copiedSfen'));
    $('copy-link').onclick = () => this.#copy(location.href, t('copiedLink'));
    field('presets').onchange = () => {
      if (field('presets').value) onPreset(field('presets').value);
      field('presets').value = '';
    };
  }

  /** Shows the position's SFEN in the field and clears the message line. */
  show(sfen) {
    field('sfen').value = sfen;
    $('sfen-error').hidden = true;
  }

  /** The field's text. */
  fieldText() {
    return field('sfen').value;
  }

  /** Puts `text` in the field as it is (the user's text, kept to be corrected). */
  showText(text) {
    field('sfen').value = text;
  }

  /** A message that stays until the next edit. */
  showError(message) {
    clearTimeout(this.#flashTimer);
    const el = $('sfen-error');
    el.textContent = message;
    el.hidden = false;
  }

  /** A message that goes away by itself. */
  flash(message) {
    this.showError(message);
    this.#flashTimer = setTimeout(() => ($('sfen-error').hidden = true), FLASH_MS);
  }

  /** Copies `text`, saying so (or why not) for a few seconds. */
  async #copy(text, done) {
    const el = $('copy-status');
    clearTimeout(this.#copyTimer);
    try {
      if (!navigator.clipboard) throw new Error(t('noClipboard'));
      await navigator.clipboard.writeText(text);
      el.textContent = done;
      el.dataset.state = 'copied';
    } catch (e) {
      el.textContent = t('copyFailed', e.message);
      el.dataset.state = 'error';
    }
    this.#copyTimer = setTimeout(() => {
      el.textContent = '';
      delete el.dataset.state;
    }, FLASH_MS);
  }

  fillPresets(game) {
    const select = field('presets');
    select.replaceChildren(new Option(t('choosePreset'), ''));
    for (const { key, args, sfen } of GAMES[game].presets) select.append(new Option(t(key, ...args), sfen));
  }

  /** Reads the field's text (a position of the other game switches the game) and loads it. */
  async #load(engine, text, currentGame, onPosition) {
    const game = detectGame(text) ?? currentGame;
    try {
      const sfen = await readPosition(engine, game, text);
      // Loaded (not refused): an earlier message about the field's text no longer applies.
      if (onPosition(game, parseSfen(game, sfen)) !== false) $('sfen-error').hidden = true;
    } catch (err) {
      this.showError(t('cannotLoad', errorText(err)));
    }
  }
}
