// The `reach` certificate's tree: each position under the one it leads to, as <details> built when first
// opened (large trees stay cheap). An opened position is drawn as a small board with the move from it to
// the position above marked (its from and to squares), and a button opens it in the editor.
import { num, t } from '../i18n/i18n.js';
import { Board } from '../board/board.js';
import { parseSfen, squareIndex } from '../game/sfen.js';
import { el, prevGroups } from './certificate-groups.js';
import { usiText } from './certificate-moves.js';

/**
 * The tree of `cert` (the engine's JSON), or its deepest line when too large to show.
 * @param {any} cert
 * @param {{game: import('../engine/api').GameName, labels: string, open: (sfen: string) => void}} view
 */
export function reachTree(cert, view) {
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
  const setups = new Map(); // parsed positions, on demand
  const setupOf = (i) => setups.get(i) ?? setups.set(i, parseSfen(view.game, tree[i].sfen)).get(i);
  const ctx = { tree, children, edge, setupOf, view };
  const root = node(ctx, 0);
  root.open = true;
  fill(root);
  return [head, el('div', 'cert-tree', root)];
}

/** A node of the tree as <details>; its board and contents are built when it is first opened. */
function node(ctx, i) {
  const { tree, children, edge, setupOf } = ctx;
  const n = tree[i];
  const move = n.parent !== null ? usiText(setupOf(i), edge[i]) : null;
  const summary = el('summary', null, `#${i} `);
  if (move !== null) summary.append(t('certEdgeMove', move, n.parent), ' ');
  if (n.leaf) summary.append(el('span', 'cert-leaf', t('certLeaf')));
  const details = el('details', 'cert-node', summary);
  details.dataset.node = String(i);
  details.dataset.sfen = n.sfen;
  if (n.leaf) details.dataset.leaf = '';
  details.build = () => {
    details.append(position(ctx, i, move));
    if (n.leaf) {
      details.append(...prevGroups(n.leaf));
      return;
    }
    // Moves from positions first found elsewhere in the tree: named, not repeated.
    const links = n.predecessors.filter((p) => tree[p.node].parent !== i);
    if (links.length) details.append(el('p', 'cert-links', t('certLinks', links.map((p) => `#${p.node} (${usiText(setupOf(p.node), p.usi)})`).join(', '))));
    details.append(el('div', 'cert-children', ...children[i].map((k) => node(ctx, k))));
  };
  details.addEventListener('toggle', () => details.open && fill(details));
  return details;
}

/** Node `i` as a small board (the move to its parent marked), what the marks mean, and "Open in the editor". */
function position(ctx, i, move) {
  const { tree, edge, setupOf, view } = ctx;
  const setup = setupOf(i);
  const holder = el('div', 'cert-board');
  holder.setAttribute('aria-hidden', 'true'); // the caption says what it shows
  holder.title = tree[i].sfen;
  const board = new Board(holder);
  board.labels = view.labels;
  const marks = {};
  if (edge[i]) {
    marks.to = squareIndex(view.game, edge[i].slice(2, 4));
    if (edge[i][1] !== '*') marks.from = squareIndex(view.game, edge[i].slice(0, 2));
  }
  board.render(setup, { marks });
  const open = el('button', 'cert-open', t('certOpen'));
  open.type = 'button';
  open.dataset.sfen = tree[i].sfen;
  open.setAttribute('aria-label', t('certOpenLabel', i));
  open.onclick = () => view.open(tree[i].sfen);
  const caption = el('p', 'cert-board-caption', move === null ? t('certBoardLabel', i) : t('certBoardMove', i, move, tree[i].parent));
  return el('div', 'cert-position', holder, el('div', 'cert-position-text', caption, open));
}

function fill(details) {
  if (!details.build) return;
  const build = details.build;
  details.build = null;
  build();
}
