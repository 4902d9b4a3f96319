// The glossary in Japanese (page/terms.js shows it; docs/site.md#terms), under the keys of glossary-en.js,
// and the stages' names in Japanese, which ja.js uses too.
import { DECIDING_STAGES } from '../game/games.js';

/** The stages' names (docs/method.md#the-stages; the codes are the command line's). @type {Record<string, string>} */
export const STAGE_NAMES = {
  count: '駒数',
  flip: '左右反転',
  piece: '駒の配置',
  king: '王手',
  prev: '直前の手',
  reach: '遡り探索',
  OK: '到達',
  unknown: '不明',
};
/** A stage as the page shows it: 段階「駒の配置」. @param {string} code */
export const jaStage = (code) => `段階「${STAGE_NAMES[code] ?? code}」`;

export default {
  'term:pk':
    'P_K（候補集合）：先手番で、全ての駒が盤上か持ち駒にあり、両玉が定めた半分（K標準形）にある局面の集合です。到達可能な局面は（左右反転を同一視して）全てここに含まれ、各局面に番号（順位）が付きます。',
  'term:kk':
    'KK局面：盤上に両方の玉だけがあり、他の駒は全て持ち駒の局面です。どのKK局面も初期局面から到達できるので、KK局面まで遡れた局面も到達可能です。',
  'term:rank': '順位：P_K の中での候補の番号（0 から |P_K| − 1）。順位から局面を復元できるので、無作為な順位は無作為な候補です。',
  'term:candidate':
    '候補：P_K の要素。先手番、全ての駒、K標準形の玉。二歩や手番でない側への王手など規則に反するものも含み、段階の検査でふるい分けます。',
  'term:mirror':
    '左右反転：局面とその左右の鏡像は一つと数えます。P_K は先手玉が左半分にある方を残し（K標準形）、両玉が中央の筋にあるときは段階「左右反転」が組の片方を残します。',
  'term:stage-count': '段階「駒数」：盤上と持ち駒で駒が一揃いありません。入力した局面だけが該当し、無作為に引いた候補は常に全ての駒を持ちます。',
  'term:stage-flip':
    '段階「左右反転」：鏡像の組のうち、方法が残す方ではありません。両玉が中央の筋にある局面だけが該当します。',
  'term:stage-piece': '段階「駒の配置」：同じ筋に自分の成っていない歩が二枚（二歩）、または二度と動けない歩・香・桂があります。',
  'term:stage-king': '段階「王手」：手番の側が相手玉に利かせています。直前に指した側が自玉を王手のまま放置したことになります（玉同士が隣り合う局面もここで落ちます）。',
  'term:stage-prev': '段階「直前の手」：この局面に至る合法手がありません（直前の局面の集合 Prev1 が空です）。',
  'term:stage-reach': '段階「遡り探索」：この局面に至る局面を後ろ向きの探索で全て調べましたが、どれもKK局面から来ないので到達不能です。',
  'term:stage-ok': '段階「到達」：後ろ向きの探索がKK局面に着いたので、到達可能です。',
  'term:sigma3':
    '3シグマ区間：p·|P_K| の上下に 3·√(p(1 − p)/n)·|P_K|（標準誤差の3倍）をとった区間です。p は到達可能だった標本の割合、n は標本数です。正規近似のもとで、こうして作った区間は 99.73 % の確率で真の数を含みます。',
  'term:node-cap': 'ノード上限：一回の後ろ向きの探索が持てる局面の数の上限です。それ以上必要な探索は止まって「不明」と答え、メモリを使い果たしません。',
  'term:shard':
    'シャード K/M：実行の標本を M 個に分けた K 番目（0 から数える）で、コマンドラインの --shard K/M と同じ範囲です。別々の端末で実行し、統合すると全体の実行と同じ集計になります。',
  'term:unknown': '不明：判定する前に探索がノード上限に達しました。到達可能とも到達不能とも証明されておらず、推定では到達可能でないと数えます。',
  'term:traced-back':
    '遡れた手数：到達不能な局面について、後ろ向きの網羅的な探索が全ての手順が尽きるまでに戻せた最大の手数（両者の手を一手ずつ数える）です。論文の表2は到達不能な標本をこの手数ごとに数えます。',
  'term:proof-game': '証明棋譜：初期局面から合法手だけでこの局面に至る棋譜の全体です。到達可能であることの一手ずつの証明になります。',
  'term:sample':
    '標本：P_K から一様に無作為に引いた順位一つ（同じシードの i 番目の標本はどこでも同じ）を局面に戻し、段階の検査に通したものです。',
  termWords: {
    pk: ['|P_K|', 'P_K'],
    kk: ['KK局面', '玉二枚だけの局面', 'KK経由'],
    'node-cap': ['ノード上限'],
    'traced-back': ['遡れた手数', '遡りました'],
    unknown: ['不明'],
    sigma3: ['3シグマ区間', '3シグマ'],
    'proof-game': ['全手順', '棋譜'],
    sample: ['標本'],
    // 段階は「段階「…」」の形で（「王手」「到達」は他の文にも出るため）。
    ...Object.fromEntries(DECIDING_STAGES.map((code) => [`stage-${code.toLowerCase()}`, [jaStage(code)]])),
  },
};
