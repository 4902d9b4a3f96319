// The certificate of an unreachable verdict ("Why?"), as the engine's `explain` gives it, checked by the
// engine before it is returned: for `prev`, a summary and every candidate last move grouped by reason
// (certificate-groups.js) after the cause in a sentence; for `reach`, the whole exhausted backward search as a tree of small boards
// (certificate-tree.js), whose leaves have no legal last move; for `count`, `piece` and `king`, the rules
// and their squares.
import { errorText } from '../engine/errors.js';
import { colon, listed, paren, t } from '../i18n/i18n.js';
import { $ } from '../page/dom.js';
import { el, prevGroups, sq } from './certificate-groups.js';
import { reachTree } from './certificate-tree.js';

export class CertificateView {
  #engine;
  #load;
  #labels;
  /** @type {{game: import('../engine/api').GameName, sfen: string, maxNodes: number, start: string | null} | null} the unreachable position whose certificate can be asked for */
  #target = null;
  #run = 0; // an answer for an older request is dropped
  /** @type {(() => void) | null} draws the certificate shown (or why there is none) in the page's language */
  #redraw = null;
  #busy = false;

  /**
   * `engine` computes certificates (a search: it may take as long as the proof did); `load(game, sfen)`
   * puts a position in the editor; `labels()` is the page's piece labels (kanji or Western).
   */
  constructor({ engine, load, labels }) {
    this.#engine = engine;
    this.#load = load;
    this.#labels = labels;
  }

  /**
   * A verdict is shown for `sfen` (from `start`, a handicap's name or null): an unreachable one offers its
   * certificate.
   * @param {import('../engine/api').GameName} game
   * @param {string} sfen
   * @param {string} verdict
   * @param {number} maxNodes
   * @param {string | null} [start]
   */
  offer(game, sfen, verdict, maxNodes, start = null) {
    this.reset();
    if (verdict !== 'unreachable') return;
    this.#target = { game, sfen, maxNodes, start };
  }

  /** Opens the certificate offered (the answer card's Why?) and brings it into view. */
  open() {
    if (!this.#target) return;
    if ($('certificate').hidden) this.#explain();
    $('certificate').scrollIntoView({ block: 'start' });
  }

  /** Takes away the offer and any certificate shown (stopping one being computed). */
  reset() {
    this.#run++;
    if (this.#busy) this.#engine.cancel();
    this.#busy = false;
    this.#target = null;
    this.#redraw = null;
    $('certificate').hidden = true;
    $('certificate-body').replaceChildren();
    $('certificate-status').textContent = '';
    delete $('certificate').dataset.stage;
    delete $('certificate').dataset.sfen;
  }

  /** Draws the certificate shown again in the page's language: after a language switch. */
  relabel() {
    this.#redraw?.();
  }

  /** Draws with `draw` now, and again after a language switch. @param {() => void} draw */
  #draw(draw) {
    this.#redraw = draw;
    draw();
  }

  async #explain() {
    const target = this.#target;
    if (!target) return;
    const run = this.#run;
    this.#busy = true;
    $('certificate').hidden = false;
    $('certificate-body').replaceChildren();
    this.#draw(() => {
      $('certificate-status').textContent = t('certWorking');
    });
    try {
      const cert = await this.#engine.call('explain', target);
      if (run !== this.#run) return;
      $('certificate-status').textContent = '';
      $('certificate').dataset.stage = cert.stage;
      $('certificate').dataset.sfen = target.sfen;
      this.#draw(() => {
        const view = { game: target.game, labels: this.#labels(), open: (sfen) => this.#load(target.game, sfen) };
        $('certificate-body').replaceChildren(...body(cert, view));
      });
    } catch (e) {
      if (run !== this.#run) return;
      this.#draw(() => {
        $('certificate-status').textContent = t('certFailed', errorText(e));
      });
      if (!e.cancelled) this.#engine.cancel();
    } finally {
      if (run === this.#run) this.#busy = false;
    }
  }
}

/** The certificate's contents: `open(sfen)` opens a position of a `reach` tree in the editor. */
function body(cert, view) {
  if (cert.prev) return [...cert.causes.map(causeItem), ...prevGroups(cert.prev)];
  if (cert.issues) {
    return [el('p', 'cert-head', t('certRules', cert.stage)), el('ul', 'cert-issues', ...cert.issues.map(issueItem))];
  }
  if (cert.positions != null) return reachTree(cert, view);
  return [el('p', 'cert-head', t('certNone', cert.verdict))];
}

/** The cause that leads a certificate, as a player would say it. */
function causeItem(cause) {
  const p = el('p', 'cert-cause', t('cause', cause));
  p.dataset.cause = cause.kind;
  return p;
}

function issueItem({ rule, message, squares, cause }) {
  if (cause) return el('li', null, t('cause', cause));
  const where = squares.length ? paren(listed(squares.map(sq))) : '';
  return el('li', null, `${t('stageName', rule)}${colon()}${t('issue', rule, message) ?? message}${where}`);
}
