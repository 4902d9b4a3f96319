// editor/editor.js: the position model with undo and redo, and the edits the board makes (no DOM).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Editor } from '../../www/js/editor/editor.js';
import { boxCounts, parseSfen, squareIndex, toSfen } from '../../www/js/game/sfen.js';

const KINGS = '4k4/9/9/9/9/9/9/9/4K4 b - 1';
const sq = (name) => squareIndex('shogi', name);

/** An editor at `sfen` that records its changes and refusals. */
function editorAt(sfen = KINGS) {
  const log = { changes: [], refusals: [] };
  const editor = new Editor(parseSfen('shogi', sfen), (_, options) => log.changes.push(options), (m) => log.refusals.push(m));
  return { editor, log, sfen: () => toSfen(editor.setup) };
}

test('placing, moving and removing pieces, each undone and redone', () => {
  const { editor, log, sfen } = editorAt();
  editor.place(sq('5e'), 'R');
  assert.equal(sfen(), '4k4/9/9/9/4R4/9/9/9/4K4 b - 1');
  editor.move(sq('5e'), sq('2b'));
  assert.equal(sfen(), '4k4/7R1/9/9/9/9/9/9/4K4 b - 1');
  assert.deepEqual(log.changes.at(-1), { animate: true });
  editor.remove(sq('2b'));
  assert.equal(sfen(), KINGS);
  editor.undo();
  editor.undo();
  assert.equal(sfen(), '4k4/9/9/9/4R4/9/9/9/4K4 b - 1');
  editor.redo();
  assert.equal(sfen(), '4k4/7R1/9/9/9/9/9/9/4K4 b - 1');
  assert.equal(log.changes.length, 6);
  assert.deepEqual(log.refusals, []);
});

test('an edit that changes nothing is not recorded', () => {
  const { editor, log } = editorAt();
  editor.remove(sq('5e'));
  editor.move(sq('5a'), sq('5a'));
  assert.equal(log.changes.length, 0);
  assert.equal(editor.undoStack.length, 0);
});

test('a piece the box lacks is refused, saying so, and the position stays', () => {
  const { editor, log, sfen } = editorAt('4k4/9/9/9/9/9/9/9/4K4 b RBrb 1');
  editor.place(sq('5e'), 'r');
  assert.equal(sfen(), '4k4/9/9/9/9/9/9/9/4K4 b RBrb 1');
  assert.equal(log.refusals.length, 1);
  assert.match(log.refusals[0], /no rook left/); // by its name, not its SFEN letter
  editor.handAdd(0, 'B');
  assert.equal(log.refusals.length, 2);
});

test('cycling goes through promotion and colour; kings and golds change colour only', () => {
  const { editor, sfen } = editorAt('4k4/9/9/9/4P4/9/9/4G4/4K4 b - 1');
  const seen = [];
  for (let i = 0; i < 4; i++) {
    editor.cycle(sq('5e'));
    seen.push(editor.setup.cells[sq('5e')]);
  }
  assert.deepEqual(seen, ['+P', 'p', '+p', 'P']);
  editor.cycle(sq('5h'));
  assert.equal(editor.setup.cells[sq('5h')], 'g');
  editor.togglePromotion(sq('5h'));
  assert.equal(editor.setup.cells[sq('5h')], 'g');
  editor.togglePromotion(sq('5e'));
  assert.equal(sfen(), '4k4/9/9/9/4+P4/9/9/4g4/4K4 b - 1');
});

test('hands: a capture into a hand unpromotes, a king is refused, a drop comes out of the hand', () => {
  const { editor, log, sfen } = editorAt('4k4/9/9/9/4+R4/9/9/9/4K4 b - 1');
  editor.drop({ square: sq('5e') }, { hand: 1 });
  assert.equal(sfen(), '4k4/9/9/9/9/9/9/9/4K4 b r 1');
  editor.drop({ square: sq('5a') }, { hand: 0 });
  assert.deepEqual(log.refusals, ['a king cannot be in hand']);
  editor.drop({ hand: [1, 'R'] }, { square: sq('1a') });
  assert.equal(sfen(), '4k3r/9/9/9/9/9/9/9/4K4 b - 1');
  editor.drop({ palette: 'S' }, { square: sq('9i') });
  assert.equal(sfen(), '4k3r/9/9/9/9/9/9/9/S3K4 b - 1');
  editor.drop({ square: sq('9i') }, null);
  assert.equal(sfen(), '4k3r/9/9/9/9/9/9/9/4K4 b - 1');
});

test('the rest of the box to a hand completes the set; clear keeps the kings only', () => {
  const { editor, sfen } = editorAt('4k4/9/9/9/4R4/9/9/9/4K4 w - 1');
  editor.restToHand(1);
  assert.deepEqual(Object.values(boxCounts(editor.setup)).filter((n) => n !== 0), []);
  assert.equal(sfen(), '4k4/9/9/9/4R4/9/9/9/4K4 w r2b4g4s4n4l18p 1');
  editor.setSide('b');
  editor.clear();
  assert.equal(sfen(), KINGS);
});

test('reset starts a fresh history; load is one undoable edit', () => {
  const { editor, sfen } = editorAt();
  editor.loadSfen('shogi', 'startpos');
  assert.equal(editor.undoStack.length, 1);
  editor.reset(parseSfen('minishogi', 'startpos'));
  assert.equal(editor.game, 'minishogi');
  assert.equal(editor.undoStack.length, 0);
  editor.undo();
  assert.equal(sfen(), 'rbsgk/4p/5/P4/KGSBR b - 1');
});

test("moving onto an opponent's piece captures it into the mover's hand, unpromoted", () => {
  const { editor, sfen } = editorAt('4k4/9/9/9/4+r4/9/9/4B4/4K4 b - 1');
  editor.move(sq('5h'), sq('5e'));
  assert.equal(sfen(), '4k4/9/9/9/4B4/9/9/9/4K4 b R 1');
  assert.equal(boxCounts(editor.setup).R, 1, 'the captured rook is in the hand, not the box');
  // Gote captures too; an own piece or a king still goes back to the box.
  editor.place(sq('1a'), 'p');
  editor.move(sq('1a'), sq('5e'));
  assert.equal(sfen(), '4k4/9/9/9/4p4/9/9/9/4K4 b Rb 1');
  editor.place(sq('5f'), 'p');
  editor.move(sq('5f'), sq('5e'));
  assert.equal(sfen(), '4k4/9/9/9/4p4/9/9/9/4K4 b Rb 1');
  editor.move(sq('5e'), sq('5i'));
  assert.equal(sfen(), '4k4/9/9/9/9/9/9/9/4p4 b Rb 1');
  editor.undo();
  assert.equal(sfen(), '4k4/9/9/9/4p4/9/9/9/4K4 b Rb 1');
});
