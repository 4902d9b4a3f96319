// The live diagnostics of the position being edited: every rule it breaks (from the engine, in a worker),
// named by the engine's stage names with their descriptions, and the squares to highlight on the board.
import { errorText } from '../engine/errors.js';
import { language, listed, paren, t } from '../i18n/i18n.js';
import { squareText } from '../game/notation.js';
import { squareIndex } from '../game/sfen.js';
import { $ } from '../page/dom.js';
import { stageTerm, termElement } from '../page/terms.js';


export class DiagnosticsPanel {
  #engine;
  #onBadSquares;
  #fixes;
  #describe = new Map(); // stage name → what failing it means
  #latest = 0; // the last request: older answers are dropped

  /**
   * `stages`: a promise of the engine's stages; `onBadSquares(cellIndices)` after each diagnosis; `fixes`:
   * {rule: [[button text, action]]}, offered beside an issue of that rule.
   */
  constructor({ engine, stages, onBadSquares, fixes = {} }) {
    this.#engine = engine;
    this.#onBadSquares = onBadSquares;
    this.#fixes = fixes;
    stages.then(
      (list) => list.forEach((s) => this.#describe.set(s.name, s.describe)),
      () => {}, // the engine status line already says the engine did not start
    );
  }

  /**
   * Diagnoses `sfen` of `game` for a game from `start` (a handicap's name, or null for the initial
   * position) and shows what it breaks (only the latest request is shown).
   * @param {import('../engine/api').GameName} game
   * @param {string} sfen
   * @param {string | null} [start]
   */
  async update(game, sfen, start = null) {
    const request = ++this.#latest;
    try {
      const { issues } = await this.#engine.call('diagnose', { game, sfen, start });
      if (request !== this.#latest) return;
      this.#showIssues(issues, sfen);
      this.#onBadSquares(issues.flatMap((i) => i.squares.map((s) => squareIndex(game, s))));
    } catch (e) {
      $('diagnostics').textContent = t('diagnosticsUnavailable', errorText(e));
    }
  }

  #showIssues(issues, sfen) {
    const list = $('diagnostics');
    list.replaceChildren();
    if (!issues.length) {
      const li = document.createElement('li');
      li.className = 'ok';
      li.textContent = t('passes');
      list.append(li);
    }
    for (const issue of issues) list.append(this.#issueItem(issue));
    list.dataset.sfen = sfen;
  }

  #issueItem({ rule, message, squares, error, cause }) {
    const li = document.createElement('li');
    li.dataset.rule = rule;
    if (cause) li.dataset.cause = cause.kind;
    // A stage's name explains itself (terms.js); a text that is no position has no stage.
    const stage = this.#describe.has(rule);
    const tag = stage ? termElement(stageTerm(rule), t('stageName', rule)) : document.createElement('span');
    tag.classList.add('rule');
    // Not a stage (`setup`, `sfen`): named in the page's language all the same, never by its code.
    if (!stage) tag.textContent = t('stageName', rule);
    const where = listed(squares.map((sq) => squareText(sq, language())));
    // A text that is no position says why by the engine's error kind (in the page's language).
    const text = error ? t('notPosition', errorText(error)) : cause ? t('cause', cause) : (t('issue', rule, message) ?? message);
    li.append(tag, ` ${text}${squares.length && !cause ? paren(where) : ''}`);
    // A tsume set-up (no Sente king): Prove tries the king on every square.
    if (error?.kind === 'missing-king' && error.params?.color === 'b') li.append(document.createElement('br'), t('tsumeHint'));
    for (const [text, action] of Object.hasOwn(this.#fixes, rule) ? this.#fixes[rule] : []) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'fix';
      button.textContent = text;
      button.onclick = action;
      li.append(' ', button);
    }
    return li;
  }
}
