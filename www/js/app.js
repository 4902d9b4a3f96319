// The page's wiring: reads the link, starts the engines (in Web Workers) and connects the editor, its
// view, the SFEN field, the diagnostics, the prove panel and the estimate tab. The parts live in their
// own modules; this file only passes events between them.
import { DiagnosticsPanel } from './diagnostics-panel.js';
import { Editor } from './editor.js';
import { EditorView } from './editor-view.js';
import { Engine, showEngineStatus } from './engine.js';
import { EstimatePanel } from './estimate-panel.js';
import { addIcons } from './icons.js';
import { readLink, writeLink } from './link.js';
import { ProvePanel } from './prove-panel.js';
import { SfenPanel } from './sfen-panel.js';
import { toSfen } from './sfen.js';
import { selectTab, setUpTabs } from './tabs.js';
import { VARIANTS } from './variants.js';

const $ = (id) => document.getElementById(id);

// The site's font comes in many small files (one per Unicode range); Chromium does not always redraw text
// laid out before its file arrived, so every file is loaded before anything is drawn.
await Promise.all([...document.fonts].map((face) => face.load().catch(() => {})));

const diagnostics = new Engine();
const prover = new Engine();
showEngineStatus($('engine-status'), diagnostics);
const stages = diagnostics.call('stages');

const link = readLink(location.search);
let labels = link.labels;
$('labels').value = labels;
$('game').value = link.variant;

const editor = new Editor(link.setup, changed, (message) => sfenPanel.flash(message));
const view = new EditorView({ editor, labels, onRefuse: (message) => sfenPanel.flash(message) });
const sfenPanel = new SfenPanel({
  engine: diagnostics,
  currentVariant: () => editor.variant,
  currentSfen: () => toSfen(editor.setup),
  onPosition: (variant, setup) => {
    if (variant !== editor.variant) switchGame(variant);
    editor.load(setup);
  },
  onPreset: (sfen) => editor.loadSfen(editor.variant, sfen),
});
const diagnosticsPanel = new DiagnosticsPanel({
  engine: diagnostics,
  stages,
  onBadSquares: (squares) => view.showBadSquares(squares),
});
const provePanel = new ProvePanel({
  engine: prover,
  labels,
  currentPosition: () => ({ variant: editor.variant, sfen: toSfen(editor.setup) }),
});
new EstimatePanel({
  labels: () => labels,
  stages,
  openPosition: (variant, sfen) => {
    selectTab('position');
    if (variant !== editor.variant) switchGame(variant);
    editor.loadSfen(variant, sfen);
    provePanel.prove();
  },
});

/** After every edit: the SFEN field, the link, the board, the diagnostics, the verdict's freshness. */
function changed(_, { animate } = {}) {
  const sfen = toSfen(editor.setup);
  sfenPanel.show(sfen);
  writeLink(editor.variant, sfen, labels);
  view.draw(animate);
  diagnosticsPanel.update(editor.variant, sfen);
  provePanel.positionChanged(sfen);
}

/** Switches the page to game `variant` (the caller loads the position). */
function switchGame(variant) {
  $('game').value = variant;
  view.reset();
  sfenPanel.fillPresets(variant);
  provePanel.hidePlayer();
}

$('game').onchange = () => {
  const variant = $('game').value;
  switchGame(variant);
  editor.loadSfen(variant, VARIANTS[variant].start);
};
$('labels').onchange = () => {
  labels = $('labels').value;
  view.setLabels(labels);
  provePanel.setLabels(labels);
  changed(editor, {});
};
$('flip').onclick = () => {
  view.toggleFlip();
  provePanel.setFlipped(view.flipped);
};
addIcons();
setUpTabs(link.tab);
sfenPanel.fillPresets(editor.variant);

// The first position. A link whose SFEN could not be read keeps its text (in the field and the address
// bar) for the user to correct; what the link asked for and did not get is said in the message line.
if (link.badSfen === null) changed(editor, {});
else {
  view.draw();
  diagnosticsPanel.update(editor.variant, toSfen(editor.setup));
  sfenPanel.showText(link.badSfen);
}
if (link.notices.length) sfenPanel.showError(link.notices.join(' '));
