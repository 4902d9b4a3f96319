// The cause of an unreachable verdict in Japanese (the engine's `causes`, crate/engine/src/why/cause.rs):
// one sentence naming the pieces and squares as a player would, from the cause's facts, never from its
// English text.
import { squareText } from '../game/notation.js';
import { JAPANESE_NAMES } from '../game/games.js';

const SIDE = { Sente: '先手', Gote: '後手' };
const OTHER = { Sente: '後手', Gote: '先手' };
/** `5e` as ５五. */
const square = (sq) => squareText(sq, 'ja');
/** A piece (SFEN token, any side) by its name in a record: one character, two for the promoted minor pieces. */
const name = (piece) => JAPANESE_NAMES[piece.toUpperCase()]?.record ?? piece;
/** `５五の桂`. */
const placed = (p) => `${square(p.square)}の${name(p.piece)}`;
/** `a`, `aとb`, `a、bとc`. */
const and = (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join('、')}と${items.at(-1)}`);
/** The king in check: `先手玉（６七）`. */
const king = (c) => `${SIDE[c.side]}玉（${square(c.squares[0])}）`;

const TEXTS = {
  missing: (c) =>
    `駒が足りません：${c.pieces.map((p) => `${name(p.piece)}${p.count}枚`).join('、')}。到達可能な局面では、全ての駒が盤上か持ち駒にあります。${
      c.handicaps?.length ? `駒は${c.handicaps.join('か')}の対局と同じです。その開始局面から調べてください。` : ''}`,
  'start-material': (c) => {
    const list = (pieces) => pieces.map((p) => `${name(p.piece)}${p.count}枚`).join('、');
    const parts = [c.extra?.length ? `${list(c.extra)}多い` : '', c.pieces.length ? `${list(c.pieces)}少ない` : ''];
    return `${c.start}の対局と駒が合いません（${parts.filter(Boolean).join('、')}）。対局中に駒が増えたり減ったりすることはありません。`;
  },
  'two-pawns': (c) =>
    `${SIDE[c.side]}の歩が${square(c.squares[0])[0]}筋に${c.pieces.length}枚あります（${c.squares.map(square).join('、')}）。二歩は反則なので、どの対局にも現れません。`,
  'dead-piece': (c) =>
    `${placed(c.pieces[0])}（${SIDE[c.side]}）は二度と動けない位置にあります（行き所のない駒）。どの対局にも現れない配置です。`,
  'waiting-in-check': (c) =>
    `${king(c)}に${and(c.pieces.map(placed))}から王手がかかっているのに、手番は${OTHER[c.side]}です。${SIDE[c.side]}が王手を放置したことになります。`,
  'double-check': (c) =>
    `${king(c)}に${and(c.pieces.map(placed))}から両王手がかかっています。${OTHER[c.side]}のどの一手も、この両王手はかけられません。`,
  'check-from-nowhere': (c) =>
    `${king(c)}に${placed(c.pieces[0])}から王手がかかっていますが、その駒は合法な最後の一手でそこへ動くことも打つこともできず、他の駒が動いて王手が開いた手もありません。`,
  'no-last-move': (c) =>
    `${SIDE[c.side]}が最後に指せた手は${c.candidates}通りあり、どれも成り立ちません（理由ごとに下に示します）。`,
  exhausted: (c) =>
    `この局面に至る局面を全て遡りました（${c.positions.toLocaleString('ja-JP')}局面、最大${c.depth}手前まで）。玉二枚だけの局面はどこにもないので、開始局面からのどの対局もここには至りません。`,
};

/** The cause `c` (the engine's JSON) as a Japanese sentence. */
export const causeJa = (c) => TEXTS[c.kind]?.(c) ?? c.text;
