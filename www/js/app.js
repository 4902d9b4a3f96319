// The page's wiring: reads the link, starts the engines (in Web Workers) and connects the editor, its
// view, the SFEN field, the diagnostics, the prove panel and the estimate tab. The parts live in their
// own modules; this file only passes events between them.
import { AnswerCard } from './panels/answer-card.js';
import { BoardStage } from './board/board-stage.js';
import { CertificateView } from './panels/certificate-view.js';
import { DiagnosticsPanel } from './panels/diagnostics-panel.js';
import { Editor } from './editor/editor.js';
import { EditorView } from './editor/editor-view.js';
import { Engine, showEngineStatus } from './engine/engine.js';
import { errorText } from './engine/errors.js';
import { readPosition } from './engine/position-text.js';
import { EstimatePanel } from './estimate/estimate-panel.js';
import { ExportPanel } from './panels/export-panel.js';
import { PlayPanel } from './play/play-panel.js';
import { language, setLanguage, t, translatePage } from './i18n/i18n.js';
import { addIcons } from './board/icons.js';
import { readLink, writeLink, writeTab } from './page/link.js';
import { PageState } from './page/state.js';
import { registerOffline } from './page/offline.js';
import { redrawWhenFontsLoad } from './page/fonts.js';
import { keepShowingPowers } from './page/powers.js';
import { StartChoice } from './panels/start-choice.js';
import { ProvePanel } from './panels/prove-panel.js';
import { RecordPanel } from './panels/record-panel.js';
import { RetroPanel } from './panels/retro-panel.js';
import { SfenPanel } from './panels/sfen-panel.js';
import { parseSfen, squareIndex, toSfen } from './game/sfen.js';
import { selectTab, setUpTabs } from './page/tabs.js';
import { setUpTerms } from './page/terms.js';
import { GAMES } from './game/games.js';
import { $, field } from './page/dom.js';
import { fillTermTexts } from './page/term-text.js';

// Settings that cannot change under a running estimate.
const LOCKED_WHILE_ESTIMATING = ['game'];

// The site's font comes in many small files (one per Unicode range, font-display: swap): the browser
// fetches those the page's text needs as it draws, and the board does not wait for them (fonts.js).
redrawWhenFontsLoad();

// The game menus list the engine's games (game/games.js), named in the page's language.
for (const id of ['game', 'est-game']) {
  field(id).replaceChildren(
    ...Object.keys(GAMES).map((name) => {
      const option = new Option('', name);
      option.dataset.i18n = `game_${name}`;
      return option;
    }),
  );
}
translatePage();
keepShowingPowers(document.body);
setUpTerms();
field('language').value = language();
field('language').onchange = () => setLanguage(field('language').value);

const diagnostics = new Engine();
const prover = new Engine();
// Records and last moves in one worker, certificates (a search, cancelled when it goes stale) in another.
const retro = new Engine();
const explainer = new Engine();
showEngineStatus($('engine-status'), diagnostics);
registerOffline(diagnostics.ready);
const stages = diagnostics.call('stages', {});

const link = readLink(location.search);
// The page's state (page/state.js): panels draw from it, the address follows it.
const state = new PageState({
  game: link.game,
  start: null,
  // Set by the first edit's `changed`, which writes the address (a link's unread position stays in it).
  sfen: '',
  tree: null,
  cursor: [],
  labels: link.labels,
  flipped: false,
  language: language(),
  tab: 'position',
  estimating: false,
});
field('labels').value = state.get('labels');
field('game').value = link.game;

// The page's one full-size board: the editor's, or a game shown in its place (the move tree, the path).
const stage = new BoardStage($('board'));
// While the move tree loads one of its positions into the editor: the tree stays on the page's board.
let loading = false;
const editor = new Editor(link.setup, changed, (message) => sfenPanel.flash(message));
const view = new EditorView({
  editor,
  labels: state.get('labels'),
  onRefuse: (message) => sfenPanel.flash(message),
  onFlip: (flipped) => state.set({ flipped }),
});
const sfenPanel = new SfenPanel({
  engine: diagnostics,
  currentGame: () => editor.game,
  currentSfen: () => toSfen(editor.setup),
  onPosition: (game, setup) => {
    if (game === editor.game) editor.load(setup);
    else if (switchGame(game)) editor.reset(setup);
    else return false;
    return true;
  },
  onPreset: (sfen) => editor.loadSfen(editor.game, sfen),
});
const diagnosticsPanel = new DiagnosticsPanel({
  engine: diagnostics,
  stages,
  onBadSquares: (squares) => view.showBadSquares(squares),
  // Pieces missing from the set: the box's rest can go to either hand.
  fixes: {
    count: [
      [t('restB'), () => editor.restToHand(0)],
      [t('restW'), () => editor.restToHand(1)],
    ],
  },
});
// The start proved from, in the page's state: a verdict, its certificate and the diagnostics belong to one
// start.
const startChoice = new StartChoice(() => state.set({ start: startChoice.name }));
state.subscribe(['start'], (s) => {
  provePanel.reset();
  diagnosticsPanel.update(editor.game, toSfen(editor.setup), s.start);
});
const certificate = new CertificateView({ engine: explainer, load: (game, sfen) => loadPosition(game, sfen), labels: () => state.get('labels') });
// The answer card searches its game in a worker of its own, started on first use.
const answer = new AnswerCard({
  engine: new Engine(),
  actions: {
    onWhy: () => certificate.open(),
    onShowProof: () => provePanel.showProof(),
    onProveAgain: (maxNodes) => provePanel.proveWithCap(maxNodes),
    // A handicap game's position: proved again from that handicap's start.
    onProveFrom: (start) => {
      startChoice.choose(start);
      provePanel.prove();
    },
    // The game played on the page's board: a line of the move tree (the play panel's).
    onPlay: (game, start, moves) => playPanel.playGame(game, start, moves),
    // A tsume set-up's square: the position with Sente's king there, proved.
    onKingSquare: (game, sfen) => {
      loadPosition(game, sfen);
      provePanel.prove();
    },
  },
});
const provePanel = new ProvePanel({
  engine: prover,
  stage,
  labels: state.get('labels'),
  currentPosition: () => ({ game: editor.game, sfen: toSfen(editor.setup), start: state.get('start') }),
  onVerdict: (result, target) => {
    if (result && target) certificate.offer(target.game, target.sfen, result.verdict, target.maxNodes, target.start);
    else certificate.reset();
    if (result && target) answer.show(result, target);
    else answer.reset();
    view.showTargets([]);
  },
  // The squares where Sente's king of a tsume set-up could stand, marked on the board.
  onKingSquares: (result, target) => {
    answer.showKingSquares(result, target);
    view.showTargets(result.reachable.map((square) => squareIndex(target.game, square)));
  },
});
/**
 * Loads `sfen` of `game` into the editor, switching the page's game when it is the other one; false when
 * that is refused (an estimate runs). The editor's board is shown (a game shown on it is put aside).
 */
function loadPosition(game, sfen) {
  if (game === editor.game) editor.loadSfen(game, sfen);
  else if (switchGame(game)) editor.reset(parseSfen(game, sfen));
  else return false;
  return true;
}
/** [`loadPosition`] for the move tree: a position of it, the tree staying on the page's board. */
function loadFromTree(game, sfen) {
  loading = true;
  try {
    return loadPosition(game, sfen);
  } finally {
    loading = false;
  }
}
// A record read is the page's move tree (the play panel, on the page's board), its last position in the
// editor; its start (平手 or a handicap) is the start its positions are proved from.
const recordPanel = new RecordPanel({
  engine: retro,
  onRead: (record) => {
    if (!loadFromTree(record.game, record.moves.at(-1)?.sfen ?? record.start)) return false;
    playPanel.loadRecord(record, record.moves.map((m) => m.usi));
    return true;
  },
  onStart: (sfen) => startChoice.follow(sfen) && startChoice.changed(),
});
const retroPanel = new RetroPanel({ engine: retro, load: loadPosition });
// The play mode: a game on the page's board, legal moves from the engine (the records' worker), positions to
// the editor.
const playPanel = new PlayPanel({
  engine: retro,
  stage,
  state,
  labels: state.get('labels'),
  currentPosition: () => ({ game: editor.game, sfen: toSfen(editor.setup) }),
  onPosition: loadFromTree,
  onProve: () => provePanel.prove(),
});
// Exports: the editor's position, the proof game and the line played, as files for other programs.
new ExportPanel({
  engine: retro,
  position: () => ({ game: editor.game, sfen: toSfen(editor.setup) }),
  labels: () => state.get('labels'),
  flipped: () => state.get('flipped'),
  proofGame: () => provePanel.shownGame(),
  playedLine: () => playPanel.playedLine(),
});
const estimatePanel = new EstimatePanel({
  labels: () => state.get('labels'),
  stages,
  engine: diagnostics,
  // The tab's game menu, and a saved run of the other game resumed, switch the page's game.
  switchGame: (game) => loadPosition(game, GAMES[game].start),
  currentGame: () => editor.game,
  // One game for the whole page: it cannot change under a running estimate.
  onRunning: (running) => state.set({ estimating: running }),
  openPosition: (game, sfen) => {
    selectTab('position');
    if (game === editor.game) editor.loadSfen(game, sfen);
    else if (switchGame(game)) editor.reset(parseSfen(game, sfen));
    provePanel.prove();
  },
});
// The saved estimate run is loaded and checked when the Estimate tab is first shown, not before.
$('tab-estimate').addEventListener('tab-shown', () => estimatePanel.opened());

/** After every edit: the SFEN field, the link, the board, the diagnostics, the verdict's freshness. */
/** @param {unknown} _ @param {{animate?: boolean}} options */
function changed(_, { animate } = {}) {
  if (!loading) stage.show('editor');
  const sfen = toSfen(editor.setup);
  state.set({ game: editor.game, sfen });
  sfenPanel.show(sfen);
  view.draw(animate);
  // A start's own position (a handicap preset, a record's start) chooses that start; a game switch the
  // initial one (the start's subscribers then draw the diagnostics).
  startChoice.follow(sfen);
  if (startChoice.name !== state.get('start')) state.set({ start: startChoice.name });
  else diagnosticsPanel.update(editor.game, sfen, state.get('start'));
  provePanel.positionChanged(sfen);
  retroPanel.update(editor.game, sfen);
}

/**
 * Switches the whole page to `game`, which the caller then loads with a fresh history: the presets,
 * any proof (running or shown) and a stopped estimate belong to the other game and go. Refused (false)
 * while an estimate runs.
 */
function switchGame(game) {
  if (state.get('estimating')) {
    sfenPanel.showError(t('stopEstimateFirst'));
    return false;
  }
  field('game').value = game;
  view.reset();
  sfenPanel.fillPresets(game);
  startChoice.setGame(game);
  provePanel.reset();
  estimatePanel.gameChanged(game);
  playPanel.gameChanged(game);
  return true;
}

field('game').onchange = () => {
  const game = field('game').value;
  if (switchGame(game)) editor.reset(parseSfen(game, GAMES[game].start));
  else field('game').value = editor.game;
};
field('labels').onchange = () => state.set({ labels: field('labels').value });

// What follows the state: the address, the boards' labels and orientation, the settings an estimate locks.
state.subscribe(['game', 'sfen', 'labels'], (s) => writeLink(s.game, s.sfen, s.labels));
state.subscribe(['tab'], (s) => writeTab(s.tab));
state.subscribe(['labels'], (s) => {
  for (const panel of [view, provePanel, playPanel]) panel.setLabels(s.labels);
  changed(editor, {});
});
// The games shown on the page's board turn with the editor's (the exported picture is drawn the same way).
state.subscribe(['flipped'], (s) => {
  for (const panel of [provePanel, playPanel]) panel.setFlipped(s.flipped);
});
state.subscribe(['estimating'], (s) => {
  for (const id of LOCKED_WHILE_ESTIMATING) field(id).disabled = s.estimating;
});
addIcons();
setUpTabs(link.tab, (tab) => state.set({ tab }));
sfenPanel.fillPresets(editor.game);
startChoice.setGame(editor.game);
playPanel.gameChanged(editor.game);

// The first position. A link's position that is not SFEN as the engine writes it goes to the engine: read
// (the reference's format), it is loaded; else its text stays (in the field and the address bar) for the
// user to correct, and the engine's reason joins what the link asked for and did not get.
if (link.badSfen === null) changed(editor, {});
else {
  view.draw();
  diagnosticsPanel.update(editor.game, toSfen(editor.setup), state.get('start'));
  retroPanel.update(editor.game, toSfen(editor.setup));
  sfenPanel.showText(link.badSfen);
  readLinkPosition(link.game, link.badSfen);
}
if (link.notices.length) sfenPanel.showError(link.notices.join(' '));

/** The link's position `text` read by the engine and loaded, or its error said beside the link's notices. */
async function readLinkPosition(game, text) {
  try {
    const sfen = await readPosition(diagnostics, game, text);
    if (editor.game !== game || sfenPanel.fieldText() !== text) return; // edited meanwhile
    editor.reset(parseSfen(game, sfen));
    if (link.notices.length) sfenPanel.showError(link.notices.join(' '));
  } catch (e) {
    sfenPanel.showError([...link.notices, t('badLinkSfen', errorText(e))].join(' '));
  }
}

// How it works (the walkthrough): its code is loaded the first time the tab is shown, and it follows the
// page's game and piece labels whenever it is shown again or the game changes under it.
/** @type {Promise<import('./walkthrough/walkthrough-panel.js').Walkthrough> | null} */
let walkthrough = null;
function showWalkthrough() {
  if ($('tab-how').hidden) return;
  walkthrough ??= import('./walkthrough/walkthrough-panel.js').then((m) => new m.Walkthrough($('how-body')));
  walkthrough.then((panel) => panel.show(editor.game, state.get('labels')));
}
$('tab-how').addEventListener('tab-shown', showWalkthrough);
state.subscribe(['game', 'labels'], showWalkthrough);
if (!$('tab-how').hidden) showWalkthrough();

// A language switch draws every panel again in place: the position, record, answer, game played and a
// running estimate stay as they are.
document.addEventListener('language-changed', () => state.set({ language: language() }));
state.subscribe(['language'], () => {
  const sfen = toSfen(editor.setup);
  sfenPanel.fillPresets(editor.game);
  startChoice.relabel();
  view.draw();
  diagnosticsPanel.update(editor.game, sfen, state.get('start'));
  provePanel.relabel();
  answer.relabel();
  certificate.relabel();
  recordPanel.relabel();
  retroPanel.update(editor.game, sfen);
  playPanel.relabel();
  estimatePanel.relabel();
  fillTermTexts(t);
  showWalkthrough();
});
// The Estimate tab's opening lines, their terms marked up.
fillTermTexts(t);
