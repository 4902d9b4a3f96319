// The page: wires the editor, the engine workers, the path player and the estimate tab together.
// The engine never runs on this thread: diagnostics and proofs go to their own workers.
import { Board } from './board.js';
import { enableDrag } from './drag.js';
import { Editor } from './editor.js';
import { EstimatePanel } from './estimate-panel.js';
import { Player } from './player.js';
import { WorkerClient } from './rpc.js';
import { boxCounts, detectVariant, parseSfen, squareIndex, toSfen } from './sfen.js';
import { PROMOTABLE, VARIANTS } from './variants.js';

const $ = (id) => document.getElementById(id);
const workerUrl = new URL('./engine-worker.js', import.meta.url);

// --- Engine workers ---------------------------------------------------------------------------------
/** A worker with the plain engine, started on first use (again after a cancel). */
class Engine {
  #client = null;
  #ready = null;
  #start() {
    if (!this.#client) {
      this.#client = new WorkerClient(workerUrl);
      this.#ready = this.#client.call('init', { threaded: false, threads: 1 });
    }
    return this.#client;
  }
  get ready() {
    this.#start();
    return this.#ready;
  }
  async call(type, payload, onProgress) {
    const client = this.#start();
    await this.#ready;
    return client.call(type, payload, onProgress);
  }
  /** Stops the worker at once; what is pending rejects with `cancelled`. */
  cancel() {
    this.#client?.terminate();
    this.#client = null;
  }
}
const diagnostics = new Engine();
const prover = new Engine();

const isolation = self.crossOriginIsolated
  ? `cross-origin isolated: estimates run the threaded engine on ${navigator.hardwareConcurrency} cores`
  : 'not cross-origin isolated (no COOP/COEP headers): estimates use a pool of single-threaded engine workers instead of the threaded build';
diagnostics.ready.then(
  () => {
    $('engine-status').textContent = `Engine ready (WebAssembly in Web Workers); page ${isolation}.`;
    $('engine-status').dataset.state = 'ready';
  },
  (e) => {
    $('engine-status').textContent = `The engine could not start: ${e.message}`;
    $('engine-status').dataset.state = 'error';
  },
);

// --- Settings ---------------------------------------------------------------------------------------
const params = new URLSearchParams(location.search);
let labels = params.get('labels') === 'western' ? 'western' : 'kanji';
$('labels').value = labels;
let variant = VARIANTS[params.get('game')]
  ? params.get('game')
  : (params.get('sfen') && detectVariant(params.get('sfen'))) || 'shogi';
$('game').value = variant;

// --- Editor -----------------------------------------------------------------------------------------
let brush = null; // palette piece, 'erase', or null (click-to-move)
let selected = null; // square picked up by a click, waiting for the target click
let cursor = null; // keyboard cursor square
let bad = []; // squares the diagnostics highlight
let proofFor = null; // the SFEN the verdict shown belongs to
let proved = null; // {variant, sfen, goal, path, game}: the position last proved reachable

const board = new Board($('board'), {
  editable: true,
  onSquare: (i, e) => squareClick(i, e),
  onSquareMenu: (i) => editor.cycle(i),
  onHand: (color, kind, e) => (e.shiftKey ? editor.handRemove(color, kind) : editor.handAdd(color, kind)),
  onHandMenu: (color, kind) => editor.handRemove(color, kind),
});
board.labels = labels;

let initial;
try {
  initial = parseSfen(variant, params.get('sfen') ?? VARIANTS[variant].start);
} catch (e) {
  initial = parseSfen(variant, VARIANTS[variant].start);
  showSfenError(`The SFEN in the link could not be read (${e.message}); showing the initial position.`);
}
const editor = new Editor(initial, changed, (message) => flash(message));

function squareClick(i) {
  cursor = i;
  const p = editor.setup.cells[i];
  if (brush === 'erase') editor.remove(i);
  else if (brush) {
    if (p === brush) editor.remove(i);
    else editor.place(i, brush);
  } else if (selected !== null) {
    const from = selected;
    selected = null;
    if (from !== i) editor.move(from, i);
    else draw();
  } else if (p) {
    selected = i;
    draw();
  } else draw();
}

function draw(animate = false) {
  board.render(editor.setup, { animate, marks: { bad, cursor: cursor ?? undefined, selected: selected ?? undefined } });
  drawPalette();
  drawBox();
  $('side-b').setAttribute('aria-pressed', editor.setup.side === 'b');
  $('side-w').setAttribute('aria-pressed', editor.setup.side === 'w');
  $('undo').disabled = !editor.undoStack.length;
  $('redo').disabled = !editor.redoStack.length;
}

function changed(_, { animate } = {}) {
  const sfen = toSfen(editor.setup);
  $('sfen').value = sfen;
  $('sfen-error').hidden = true;
  const url = new URL(location.href);
  url.searchParams.set('game', editor.variant);
  url.searchParams.set('sfen', sfen);
  if (labels !== 'kanji') url.searchParams.set('labels', labels);
  else url.searchParams.delete('labels');
  history.replaceState(null, '', url);
  draw(animate);
  diagnose(sfen);
  if (proofFor && proofFor !== sfen) $('verdict').dataset.stale = 'true';
}

let diagnoseSeq = 0;
async function diagnose(sfen) {
  const seq = ++diagnoseSeq;
  const v = editor.variant;
  try {
    const { issues } = await diagnostics.call('diagnose', { variant: v, sfen });
    if (seq !== diagnoseSeq) return;
    bad = issues.flatMap((i) => i.squares.map((s) => squareIndex(v, s)));
    const list = $('diagnostics');
    list.replaceChildren();
    if (!issues.length) {
      const li = document.createElement('li');
      li.className = 'ok';
      li.textContent =
        'Passes every test before the search: full piece set, placement, the side not to move not in check, a legal predecessor. Prove it to learn whether it is reachable.';
      list.append(li);
    }
    for (const issue of issues) {
      const li = document.createElement('li');
      li.dataset.rule = issue.rule;
      const tag = document.createElement('span');
      tag.className = 'rule';
      tag.textContent = issue.rule;
      li.append(tag, ` ${issue.message}${issue.squares.length ? ` (${issue.squares.join(', ')})` : ''}`);
      list.append(li);
    }
    list.dataset.sfen = sfen;
    draw();
  } catch (e) {
    $('diagnostics').textContent = `diagnostics unavailable: ${e.message}`;
  }
}

/** A message that goes away by itself. */
function flash(message) {
  showSfenError(message);
  clearTimeout(flash.timer);
  flash.timer = setTimeout(() => ($('sfen-error').hidden = true), 4000);
}

function showSfenError(message) {
  const el = $('sfen-error');
  el.textContent = message;
  el.hidden = false;
}

function drawPalette() {
  const v = VARIANTS[editor.variant];
  const palette = $('palette');
  palette.replaceChildren();
  for (const color of [0, 1]) {
    const row = document.createElement('div');
    row.className = 'palette-row';
    for (const k of ['K', 'R', 'B', 'G', 'S', 'N', 'L', 'P']) {
      if (!v.totals[k]) continue;
      for (const promoted of PROMOTABLE.has(k) ? [false, true] : [false]) {
        const piece = (promoted ? '+' : '') + (color === 0 ? k : k.toLowerCase());
        const button = document.createElement('button');
        button.className = 'palette-piece';
        button.dataset.piece = piece;
        button.setAttribute('aria-pressed', brush === piece);
        const el = board.pieceElement(piece);
        el.dataset.drag = JSON.stringify({ palette: piece });
        button.append(el);
        button.onclick = () => {
          brush = brush === piece ? null : piece;
          selected = null;
          draw();
        };
        row.append(button);
      }
    }
    palette.append(row);
  }
  const erase = document.createElement('button');
  erase.className = 'palette-piece erase';
  erase.textContent = '✕';
  erase.title = 'Eraser: click squares to empty them';
  erase.setAttribute('aria-pressed', brush === 'erase');
  erase.onclick = () => {
    brush = brush === 'erase' ? null : 'erase';
    draw();
  };
  palette.append(erase);
}

function drawBox() {
  const v = VARIANTS[editor.variant];
  const box = $('box');
  box.replaceChildren();
  for (const [k, n] of Object.entries(boxCounts(editor.setup))) {
    if (!v.totals[k]) continue;
    const item = document.createElement('span');
    item.className = `box-item${n < 0 ? ' too-many' : n === 0 ? ' none' : ''}`;
    item.dataset.kind = k;
    item.dataset.count = n;
    item.append(board.pieceElement(k), `×${n}`);
    if (n < 0) item.title = `${-n} too many`;
    box.append(item);
  }
}

// Palette pieces, board pieces and hand pieces can be dragged onto squares and hands.
enableDrag(document.body, (source, target) => {
  selected = null;
  editor.drop(source, target);
});

$('side-b').onclick = () => editor.setSide('b');
$('side-w').onclick = () => editor.setSide('w');
$('undo').onclick = () => editor.undo();
$('redo').onclick = () => editor.redo();
$('clear').onclick = () => editor.clear();
$('rest-b').onclick = () => editor.restToHand(0);
$('rest-w').onclick = () => editor.restToHand(1);
$('flip').onclick = () => {
  board.setFlipped(!board.flipped);
  player.setFlipped(board.flipped);
};
$('sfen-form').onsubmit = async (e) => {
  e.preventDefault();
  const text = $('sfen').value;
  // A position of the other game switches the game.
  const v = detectVariant(text) ?? editor.variant;
  try {
    // The engine also reads the reference's own format (`w` = Sente, hands as [...]).
    const { sfen } = await diagnostics.call('diagnose', { variant: v, sfen: text });
    const setup = parseSfen(v, sfen ?? text);
    if (v !== editor.variant) switchGame(v);
    editor.load(setup);
  } catch (err) {
    showSfenError(`Cannot load that: ${err.message}`);
  }
};
$('copy-sfen').onclick = () => navigator.clipboard?.writeText(toSfen(editor.setup));
$('copy-link').onclick = () => navigator.clipboard?.writeText(location.href);

function fillPresets() {
  const select = $('presets');
  select.replaceChildren(new Option('Choose a position…', ''));
  for (const [name, sfen] of VARIANTS[editor.variant].presets) select.append(new Option(name, sfen));
}
$('presets').onchange = () => {
  if ($('presets').value) editor.loadSfen(editor.variant, $('presets').value);
  $('presets').value = '';
};

/** Switches the editor to game `v` (the position is loaded by the caller). */
function switchGame(v) {
  variant = v;
  $('game').value = v;
  brush = selected = cursor = null;
  fillPresets();
  $('player').hidden = true;
}
$('game').onchange = () => {
  switchGame($('game').value);
  editor.loadSfen(variant, VARIANTS[variant].start);
};
$('labels').onchange = () => {
  labels = $('labels').value;
  board.setLabels(labels);
  player.setLabels(labels);
  changed(editor, {});
};

// Keyboard: arrows move the cursor; a letter places a piece (upper case Sente, lower case Gote);
// '+' promotes or unpromotes; space cycles; Delete or Backspace empties; Ctrl+Z / Ctrl+Y undo and redo.
$('board').addEventListener('keydown', (e) => {
  const v = VARIANTS[editor.variant];
  const n = v.width * v.height;
  if (cursor === null) cursor = 0;
  const dir = board.flipped ? -1 : 1;
  const moves = { ArrowLeft: -dir, ArrowRight: dir, ArrowUp: -dir * v.width, ArrowDown: dir * v.width };
  if (e.key in moves) {
    const next = cursor + moves[e.key];
    const sameRow = Math.floor(next / v.width) === Math.floor(cursor / v.width);
    if (next >= 0 && next < n && (Math.abs(moves[e.key]) !== 1 || sameRow)) cursor = next;
    draw();
  } else if (/^[kgsnlprbKGSNLPRB]$/.test(e.key) && !e.ctrlKey && !e.metaKey) {
    if (v.totals[e.key.toUpperCase()]) editor.place(cursor, e.key);
    else flash(`${v.title} has no piece ${e.key.toUpperCase()}`);
  } else if (e.key === '+') editor.togglePromotion(cursor);
  else if (e.key === ' ') editor.cycle(cursor);
  else if (e.key === 'Delete' || e.key === 'Backspace') editor.remove(cursor);
  else if (e.key === 'f') $('flip').click();
  else return;
  e.preventDefault();
});
document.addEventListener('keydown', (e) => {
  if (e.target.closest?.('input, select, textarea')) return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
    e.shiftKey ? editor.redo() : editor.undo();
  } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') editor.redo();
  else if (!$('player').hidden && e.target === document.body) {
    if (e.key === 'ArrowRight') player.step(1);
    else if (e.key === 'ArrowLeft') player.step(-1);
    else if (e.key === 'Home') $('first').click();
    else if (e.key === 'End') $('last').click();
    else if (e.key === 'p') $('play').click();
    else return;
  } else return;
  e.preventDefault();
});

// --- Proving ----------------------------------------------------------------------------------------
const player = new Player({
  board: $('player-board'),
  first: $('first'), back: $('back'), play: $('play'), forward: $('forward'), last: $('last'),
  scrub: $('scrub'), direction: $('direction'), speed: $('speed'), moves: $('moves'), caption: $('player-caption'),
});
player.setLabels(labels);

$('prove').onclick = async () => {
  const sfen = toSfen(editor.setup);
  const v = editor.variant;
  const maxNodes = Math.max(1000, Math.floor(Number($('max-nodes').value) || 1000000));
  const verdict = $('verdict');
  verdict.replaceChildren();
  delete verdict.dataset.verdict;
  delete verdict.dataset.stale;
  $('player').hidden = true;
  proved = null;
  $('prove').disabled = true;
  $('cancel').hidden = false;
  $('prove-progress').textContent = 'searching backwards…';
  const started = performance.now();
  try {
    const r = await prover.call('prove', { variant: v, sfen, maxNodes }, (p) => {
      $('prove-progress').textContent =
        `searching: ${p.pops.toLocaleString('en')} positions expanded, ${p.nodes.toLocaleString('en')} generated (best heuristic ${p.bestH})`;
    });
    proofFor = sfen;
    showVerdict(r, v, (performance.now() - started) / 1000);
  } catch (e) {
    verdict.dataset.verdict = e.cancelled ? 'cancelled' : 'error';
    verdict.textContent = e.cancelled ? 'Cancelled.' : `Cannot prove this: ${e.message}`;
    // After a failure inside the engine, the next proof gets a fresh instance.
    if (!e.cancelled) prover.cancel();
  } finally {
    $('prove').disabled = false;
    $('cancel').hidden = true;
    $('prove-progress').textContent = '';
  }
};
$('cancel').onclick = () => prover.cancel();

function showVerdict(r, v, seconds) {
  const el = $('verdict');
  el.dataset.verdict = r.verdict;
  el.dataset.stage = r.stage;
  const head = document.createElement('p');
  head.className = `verdict ${r.verdict}`;
  const searched = r.nodes != null
    ? ` Search: ${r.pops.toLocaleString('en')} positions expanded, ${r.nodes.toLocaleString('en')} generated, ${seconds.toFixed(2)} s.`
    : '';
  if (r.verdict === 'reachable') {
    head.textContent = `Reachable: traced back ${r.path.length} plies to a KK position.`;
    el.dataset.plies = r.path.length;
  } else if (r.verdict === 'unreachable') {
    const traced = r.max_depth != null ? ` The search traced it back at most ${r.max_depth} plies.` : '';
    head.textContent = `Unreachable (stage ${r.stage}): ${r.reason}.${traced}`;
  } else {
    head.textContent = `Unknown: ${r.reason} (${r.nodes?.toLocaleString('en')} positions). Raise the node cap to search further.`;
  }
  const detail = document.createElement('p');
  detail.className = 'detail';
  detail.textContent = `Stage ${r.stage}.${r.n_prev != null ? ` Legal predecessors: ${r.n_prev}.` : ''}${searched}`;
  el.replaceChildren(head, detail);
  if (r.verdict === 'reachable') {
    proved = { variant: v, sfen: proofFor, goal: r.goal, path: r.path, game: null };
    showPath();
    $('player').hidden = false;
  }
}

// --- The whole game -----------------------------------------------------------------------------------
function showPath() {
  $('player-title').textContent = 'The path from a KK position';
  $('player-hint').hidden = false;
  $('whole-game').hidden = false;
  $('path-only').hidden = $('download-kif').hidden = $('download-usi').hidden = true;
  $('game-status').textContent = '';
  player.load(proved.variant, proved.goal, proved.path);
}

$('whole-game').onclick = async () => {
  const target = proved;
  $('whole-game').disabled = true;
  $('game-status').textContent = 'building the game and replaying it from the initial position…';
  try {
    target.game ??= await prover.call('proofGame', { variant: target.variant, sfen: target.sfen });
    if (proved !== target) return;
    const g = target.game;
    $('player-title').textContent = `The whole game: ${g.plies} moves from the initial position`;
    $('player-hint').hidden = true;
    $('whole-game').hidden = true;
    $('path-only').hidden = $('download-kif').hidden = $('download-usi').hidden = false;
    $('game-status').textContent =
      `Checked by replaying every move from the initial position. Moves 1–${g.opening}: to a KK position; ` +
      `${g.opening + 1}–${g.opening + g.connection}: pieces passed between the hands and kings walked to the KK ` +
      `position of the search; ${g.opening + g.connection + 1}–${g.plies}: the search path.`;
    $('game-status').dataset.plies = g.plies;
    player.load(target.variant, g.start, g.moves, 'Initial position');
  } catch (e) {
    $('game-status').textContent = `No game: ${e.message}`;
  } finally {
    $('whole-game').disabled = false;
  }
};
$('path-only').onclick = () => showPath();

function download(name, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
$('download-kif').onclick = () => download(`proof-game-${proved.variant}.kif`, proved.game.kif);
$('download-usi').onclick = () => download(`proof-game-${proved.variant}.usi`, `${proved.game.usi}\n`);

// --- Estimates --------------------------------------------------------------------------------------
new EstimatePanel({
  labels: () => labels,
  openPosition: (v, sfen) => {
    selectTab('position');
    if (v !== editor.variant) switchGame(v);
    editor.loadSfen(v, sfen);
    $('prove').click();
  },
});

function selectTab(name) {
  for (const t of ['position', 'estimate']) {
    $(`tab-${t}`).hidden = t !== name;
    $(`tab-${t}-button`).setAttribute('aria-selected', t === name);
  }
}
$('tab-position-button').onclick = () => selectTab('position');
$('tab-estimate-button').onclick = () => selectTab('estimate');
if (params.get('tab') === 'estimate') selectTab('estimate');

fillPresets();
changed(editor, {});
