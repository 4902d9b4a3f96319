// The certificate of an unreachable verdict ("Why?"), as the engine's `explain` gives it, checked by the
// engine before it is returned: for `prev`, every candidate last move and why each fails; for `reach`, the
// whole exhausted backward search as a tree of <details> (opened on demand, so large trees stay cheap),
// whose leaves have no legal last move; for `count`, `piece` and `king`, the rules and their squares.
import { errorText } from '../engine/errors.js';
import { language, num, t } from '../i18n/i18n.js';
import { label } from '../game/pieces.js';
import { squareText } from '../game/notation.js';
import { $, field } from '../page/dom.js';

const SQUARES = /\b[1-9][a-i]\b/g;

export class CertificateView {
  #engine;
  /** @type {{variant: import('../engine/api').Variant, sfen: string, maxNodes: number} | null} the unreachable position whose certificate can be asked for */
  #target = null;
  #run = 0; // an answer for an older request is dropped
  #busy = false;

  /** `engine` computes certificates (a search: it may take as long as the proof did). */
  constructor({ engine }) {
    this.#engine = engine;
    field('why').onclick = () => this.#explain();
  }

  /** A verdict is shown for `sfen`: an unreachable one offers its certificate. */
  offer(variant, sfen, verdict, maxNodes) {
    this.reset();
    if (verdict !== 'unreachable') return;
    this.#target = { variant, sfen, maxNodes };
    field('why').hidden = false;
  }

  /** Opens the certificate offered (as Why? does) and brings it into view. */
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
    field('why').hidden = true;
    field('why').disabled = false;
    $('certificate').hidden = true;
    $('certificate-body').replaceChildren();
    $('certificate-status').textContent = '';
    delete $('certificate').dataset.stage;
    delete $('certificate').dataset.sfen;
  }

  async #explain() {
    const target = this.#target;
    if (!target) return;
    const run = this.#run;
    this.#busy = true;
    field('why').disabled = true;
    $('certificate').hidden = false;
    $('certificate-body').replaceChildren();
    $('certificate-status').textContent = t('certWorking');
    try {
      const cert = await this.#engine.call('explain', target);
      if (run !== this.#run) return;
      $('certificate-status').textContent = '';
      $('certificate').dataset.stage = cert.stage;
      $('certificate').dataset.sfen = target.sfen;
      $('certificate-body').replaceChildren(...body(cert));
    } catch (e) {
      if (run !== this.#run) return;
      $('certificate-status').textContent = t('certFailed', errorText(e));
      if (!e.cancelled) this.#engine.cancel();
    } finally {
      if (run === this.#run) {
        this.#busy = false;
        field('why').disabled = false;
      }
    }
  }
}

const el = (tag, className, ...children) => {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
};
const sq = (name) => squareText(name, language());
const colon = () => (language() === 'ja' ? '：' : ': ');

function body(cert) {
  if (cert.prev) return [el('p', 'cert-head', t('certPrev', cert.prev.last_mover)), prevList(cert.prev)];
  if (cert.issues) {
    return [el('p', 'cert-head', t('certRules', cert.stage)), el('ul', 'cert-issues', ...cert.issues.map(issueItem))];
  }
  if (cert.positions != null) return reach(cert);
  return [el('p', 'cert-head', t('certNone', cert.verdict))];
}

function issueItem({ rule, message, squares }) {
  const where = squares.length ? ` (${squares.map(sq).join(language() === 'ja' ? '、' : ', ')})` : '';
  return el('li', null, `${t('stageName', rule)}: ${t('issue', rule, message) ?? message}${where}`);
}

/** The candidates of a `prev` certificate: those from off the board are folded away, they are many. */
function prevList(prev) {
  const onBoard = prev.candidates.filter((c) => c.from !== 'off-board');
  const offBoard = prev.candidates.filter((c) => c.from === 'off-board');
  const list = el('ul', 'cert-candidates', ...onBoard.map(candidateItem));
  if (offBoard.length) {
    const more = el('details', 'cert-off-board', el('summary', null, t('certOffBoard', offBoard.length)));
    more.append(el('ul', 'cert-candidates', ...offBoard.map(candidateItem)));
    list.append(el('li', null, more));
  }
  return list;
}

/** One candidate last move and why it fails, with each capture it could have made. */
function candidateItem(c) {
  const piece = language() === 'ja' ? label(c.piece.toUpperCase(), 'kanji') : c.piece;
  let move;
  if (c.drop) move = t('certDrop', sq(c.to));
  else if (c.from === 'off-board') move = t('certFromOff', sq(c.to));
  else move = `${sq(c.from)}→${sq(c.to)}${c.unpromotion ? t('certUnpromotion') : ''}`;
  const li = el('li', null, el('span', 'cert-move', `${piece} ${move}`), c.usi ? el('span', 'usi', ` ${c.usi}`) : '');
  li.dataset.usi = c.usi ?? '';
  const reason = (v) => failureText(v);
  if (c.variants.length === 1 && c.variants[0].captured === null) {
    li.append(`${colon()}${reason(c.variants[0])}`);
    li.dataset.failure = c.variants[0].failure;
  } else {
    li.append(el('ul', null, ...c.variants.map((v) => {
      const item = el('li', null, `${v.captured ? t('certCapturing', captured(v.captured)) : t('certNoCapture')}${colon()}${reason(v)}`);
      item.dataset.failure = v.failure;
      return item;
    })));
  }
  return li;
}

const captured = (piece) => (language() === 'ja' ? label(piece.toUpperCase(), 'kanji') : piece);

/** A failure in the page's language, with the squares the engine's reason names. */
function failureText({ failure, reason }) {
  const squares = (reason?.match(SQUARES) ?? []).map(sq);
  return t('failure', failure, squares) ?? reason;
}

/** The `reach` certificate: the tree's size and depth, then the tree (or the deepest line when too big). */
function reach(cert) {
  const head = el('p', 'cert-head', t('certReach', num(cert.positions), cert.depth));
  if (!cert.tree) {
    const line = el('ol', 'cert-line', ...cert.deepest_line.map((s) =>
      el('li', null, el('code', null, s.sfen), s.usi ? ` → ${s.usi}` : '')));
    return [head, el('p', 'cert-too-large', t('certTooLarge', num(cert.positions))), el('p', null, t('certDeepest')), line];
  }
  const tree = cert.tree;
  const children = tree.map(() => []);
  const edge = tree.map(() => null); // the move from a node to its parent
  tree.forEach((n, i) => {
    if (n.parent === null) return;
    children[n.parent].push(i);
    edge[i] = tree[n.parent].predecessors.find((p) => p.node === i)?.usi ?? null;
  });
  const root = node(tree, children, edge, 0);
  root.open = true;
  fill(root);
  return [head, el('div', 'cert-tree', root)];
}

/** A node of the tree as <details>; its contents are built when it is first opened. */
function node(tree, children, edge, i) {
  const n = tree[i];
  const summary = el('summary', null, `#${i} `);
  if (n.parent !== null) summary.append(t('certEdge', edge[i], n.parent), ' ');
  summary.append(el('code', null, n.sfen));
  if (n.leaf) summary.append(' ', el('span', 'cert-leaf', t('certLeaf')));
  const details = el('details', 'cert-node', summary);
  details.dataset.node = i;
  if (n.leaf) details.dataset.leaf = '';
  details.build = () => {
    if (n.leaf) {
      details.append(el('p', null, t('certLeafDetail', n.leaf.candidates.length)), prevList(n.leaf));
      return;
    }
    const kids = children[i];
    // Moves from positions first found elsewhere in the tree: named, not repeated.
    const links = n.predecessors.filter((p) => tree[p.node].parent !== i);
    if (links.length) details.append(el('p', 'cert-links', t('certLinks', links.map((p) => `#${p.node} (${p.usi})`).join(', '))));
    details.append(el('div', 'cert-children', ...kids.map((k) => node(tree, children, edge, k))));
  };
  details.addEventListener('toggle', () => details.open && fill(details));
  return details;
}

function fill(details) {
  if (!details.build) return;
  const build = details.build;
  details.build = null;
  build();
}
