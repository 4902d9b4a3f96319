// Certificates of unreachable positions ("Why?"), each compared with `shogi-reach explain --json`:
// - `reachToLeaf`: a `reach` certificate's size, its tree opened down to a leaf (the last by the keyboard),
//   the leaf's candidate last moves, in English. Chromium: tests/browser/certificate.test.mjs; Firefox:
//   tests/firefox.test.mjs.
// - `prevCertificate`: the "no legal predecessor" preset leads with its cause (the squares marked on the
//   board) and the CLI's counts (recomputed from each candidate's failures), is short while its groups are
//   closed, lists every candidate with its failure, and its groups open to exactly their moves in the page's
//   notation. Chromium: tests/browser/certificate-readable.test.mjs (English at a desktop, Japanese on a
//   phone); Firefox: tests/firefox-explain.test.mjs (Japanese).
// - `reachTree`: a `reach` tree draws each position as a small board with its move marked, and opens one
//   in the editor. Chromium: certificate-readable.test.mjs (Japanese at a desktop, English on a phone);
//   Firefox: firefox-explain.test.mjs (English).
// Each on a page showing the position, not yet proved.
import assert from 'node:assert/strict';
import { cli, MINI_REACH, position, SHOGI_NO_PREV, whyOf } from '../site.mjs';

/** The scenario `reachToLeaf` (`ui`: ui.mjs's driver); returns the CLI's certificate. */
export async function reachToLeaf(ui) {
  const cert = JSON.parse(cli('explain', '--json', '--game', 'minishogi', MINI_REACH));
  const leaf = cert.tree.findLastIndex((n) => n.leaf);
  await whyOf(ui.page);
  assert.equal(await ui.attr('#certificate', 'data-stage'), 'reach');
  assert.match(await ui.text('#certificate .cert-head'), new RegExp(`${cert.positions} positions, at most ${cert.depth} plies back`));
  const chain = [];
  for (let i = leaf; i !== null; i = cert.tree[i].parent) chain.unshift(i);
  for (const i of chain.slice(1, -1)) await ui.click(`#certificate .cert-node[data-node="${i}"] > summary`);
  await ui.press('Enter', `#certificate .cert-node[data-node="${leaf}"] > summary`);
  const node = `#certificate .cert-node[data-node="${leaf}"]`;
  await ui.waitFor(`${node}[open] .cert-summary`);
  const { last_mover: mover, candidates } = cert.tree[leaf].leaf;
  assert.match(await ui.text(`${node} > summary`), /no legal last move/);
  assert.match(await ui.text(`${node} > p.cert-summary`), new RegExp(`^None of ${mover}'s ${candidates.length} candidate last moves is legal: `));
  assert.equal(await ui.count(`${node} li[data-usi]`), candidates.length);
  return cert;
}

/** Each candidate's reason, recomputed from its variants: the failure, or `by-capture` where they differ. */
const reasonOf = (c) => {
  const names = new Set(c.variants.map((v) => v.failure));
  return names.size === 1 ? [...names][0] : 'by-capture';
};
/** reason → candidate indices, in the candidates' order. */
function groupsOf(prev) {
  const groups = new Map();
  prev.candidates.forEach((c, i) => groups.set(reasonOf(c), [...(groups.get(reasonOf(c)) ?? []), i]));
  return groups;
}

const FULL = '０１２３４５６７８９';
const RANKS = '一二三四五六七八九';
const KANJI = { K: '玉', R: '飛', B: '角', G: '金', S: '銀', N: '桂', L: '香', P: '歩', '+R': '龍', '+B': '馬', '+S': '成銀', '+N': '成桂', '+L': '成香', '+P': 'と' };
const jaSquare = (s) => `${FULL[Number(s[0])]}${RANKS[s.charCodeAt(1) - 97]}`;
/** A candidate as the page should write it: Western with its origin, or Japanese as KIF writes it. */
function written(c, lang) {
  const before = c.unpromotion ? c.piece.replace('+', '') : c.piece;
  const kind = before.toUpperCase();
  if (lang === 'en') return c.drop ? `${kind}*${c.to}` : `${kind}${c.from}-${c.to}${c.unpromotion ? '+' : ''}`;
  const mark = before === kind ? '☗' : '☖';
  if (c.drop) return `${mark}${jaSquare(c.to)}${KANJI[kind]}打`;
  return `${mark}${jaSquare(c.to)}${KANJI[kind]}${c.unpromotion ? '成' : ''}(${c.from[0]}${c.from.charCodeAt(1) - 96})`;
}

/** The scenario `prevCertificate` in `lang`, on a page at SHOGI_NO_PREV; returns the certificate's height. */
export async function prevCertificate(ui, lang) {
  const cert = JSON.parse(cli('explain', '--json', SHOGI_NO_PREV));
  // The text of `explain`: the stage, the cause, then the summary.
  const [, causeLine, summaryLine] = cli('explain', SHOGI_NO_PREV).split('\n');
  const expected = groupsOf(cert.prev);
  await whyOf(ui.page);
  assert.equal(await ui.attr('#certificate', 'data-stage'), 'prev');
  // The cause first, as a player would say it, on the answer card and in the certificate, its squares
  // marked on the board.
  assert.equal(await ui.attr('#certificate .cert-cause', 'data-cause'), 'double-check');
  const said = (text) => (lang === 'ja' ? /先手玉（６七）に５五の桂と５七の飛から両王手/.test(text) : text.includes(causeLine));
  for (const where of ['#answer-text', '#certificate .cert-cause']) {
    const text = await ui.text(where);
    assert.ok(said(text), `${where}: ${text}`);
  }
  assert.equal(await ui.count('#board .sq.bad'), 3);
  const summary = await ui.text('#certificate .cert-summary');
  if (lang === 'en') assert.equal(summary, summaryLine, 'the sentence of `explain`');
  else {
    assert.match(summary, new RegExp(`^後手が最後に指した可能性のある${cert.prev.candidates.length}通りの手は、どれも成り立ちません：`));
    for (const [, ids] of expected) assert.match(summary, new RegExp(`手が${ids.length}通り`));
    assert.doesNotMatch(summary, /[a-z]/i, 'no English or codes');
  }
  const groups = await ui.readAll('#certificate .cert-group', (ds) => ds.map((d) => ({
    reason: d.getAttribute('data-reason'), count: Number(d.getAttribute('data-count')),
    open: /** @type {HTMLDetailsElement} */ (d).open, summary: d.querySelector('summary').textContent,
  })));
  assert.deepEqual(groups.map((g) => [g.reason, g.count]), cert.prev.groups.map((g) => [g.reason, g.candidates.length]));
  assert.deepEqual(new Map(groups.map((g) => [g.reason, g.count])), new Map([...expected].map(([r, ids]) => [r, ids.length])));
  assert.equal(groups.reduce((n, g) => n + g.count, 0), cert.prev.candidates.length, 'the counts add up');
  assert.ok(groups.every((g) => !g.open && g.summary.includes(String(g.count))), 'closed, each with its count');
  // Collapsed, the whole certificate is short (it was 5 484 px, one bullet per move): on a desktop, a
  // screen's half; on a phone, whose lines break more, a screen.
  const { height, width } = await ui.read('#certificate', (e) => ({ height: e.getBoundingClientRect().height, width: innerWidth }));
  assert.ok(height < (width > 600 ? 450 : 900), `${height} px`);
  assert.ok(await ui.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling');
  // Every candidate, group by group, with the failures the CLI gives.
  assert.deepEqual(await ui.readAll('#certificate li[data-usi]', (lis) => lis.map((li) => li.getAttribute('data-usi'))),
    cert.prev.groups.flatMap((g) => g.candidates).map((i) => cert.prev.candidates[i].usi ?? ''));
  const failures = (list) => [...new Set(list)].sort();
  assert.deepEqual(failures(await ui.readAll('#certificate [data-failure]', (els) => els.map((e) => e.getAttribute('data-failure')))),
    failures(cert.prev.candidates.flatMap((c) => c.variants.map((v) => v.failure))));
  if (lang === 'ja') {
    // The reasons, without the moves in USI.
    const text = await ui.read('#certificate-body', (body) => {
      const copy = body.cloneNode(true);
      copy.querySelectorAll('.usi').forEach((e) => e.remove());
      return copy.textContent;
    });
    assert.match(text, /[１-９][一二三四五六七八九]に駒がある/);
    assert.match(text, /筋に同じ側の歩が二枚/);
    assert.match(text, /☖[１-９][一二三四五六七八九](成銀|銀成|歩)/, 'moves in Japanese notation');
    assert.doesNotMatch(text, /is occupied|[1-9][a-i]/);
  }
  await groupsOpen(ui, cert, expected, lang);
  return height;
}

/** Each group opens to exactly its moves (`expected`: reason → candidate indices), in the page's notation. */
async function groupsOpen(ui, cert, expected, lang) {
  for (const reason of ['occupied', 'by-capture']) {
    await ui.click(`#certificate .cert-group[data-reason="${reason}"] > summary`);
    await ui.waitFor(`#certificate .cert-group[data-reason="${reason}"][open] > ul > li`);
    const items = await ui.readAll(`#certificate .cert-group[data-reason="${reason}"][open] > ul > li`, (lis) =>
      lis.map((li) => ({ index: Number(li.getAttribute('data-index')), move: li.querySelector('.cert-move').textContent, usi: li.getAttribute('data-usi') })));
    assert.deepEqual(items.map((i) => i.index), expected.get(reason), reason);
    assert.deepEqual(items.map((i) => i.usi), expected.get(reason).map((i) => cert.prev.candidates[i].usi));
    assert.deepEqual(items.map((i) => i.move), expected.get(reason).map((i) => written(cert.prev.candidates[i], lang)));
  }
  const text = await ui.text('#certificate .cert-group[data-reason="occupied"]');
  assert.match(text, lang === 'ja' ? /[１-９][一二三四五六七八九]に駒がある/ : /[1-9][a-i] is occupied/);
}

/** The scenario `reachTree` in `lang`, on a page at MINI_REACH; `beforeOpen` runs with the tree open. */
export async function reachTree(ui, lang, beforeOpen = async () => {}) {
  const reach = JSON.parse(cli('explain', '--json', '--game', 'minishogi', MINI_REACH));
  // A child of the root, and its move to the root.
  const child = reach.tree.findIndex((n) => n.parent === 0);
  const usi = reach.tree[0].predecessors.find((p) => p.node === child).usi;
  const cells = (name) => (name.charCodeAt(1) - 97) * 5 + (5 - Number(name[0]));
  await whyOf(ui.page);
  assert.equal(await ui.count('#certificate .cert-node[data-node="0"] > .cert-position .cert-board [data-square]'), 25);
  const node = `#certificate .cert-node[data-node="${child}"]`;
  await ui.click(`${node} > summary`);
  const board = `${node} > .cert-position .cert-board`;
  await ui.waitFor(board);
  if (usi[1] !== '*') assert.equal(await ui.attr(`${board} .last-from`, 'data-square'), String(cells(usi.slice(0, 2))));
  assert.equal(await ui.attr(`${board} .last-to`, 'data-square'), String(cells(usi.slice(2, 4))));
  const head = await ui.text(`${node} > summary`);
  assert.match(head, lang === 'ja' ? /← ☖[１-５][一二三四五]/ : /← (\+?[A-Z][1-5][a-e]-[1-5][a-e]\+?|[A-Z]\*[1-5][a-e]) \(to #0\)/);
  assert.doesNotMatch(head, /\//, 'no SFEN in the tree');
  assert.ok(await ui.page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling');
  await beforeOpen();
  await ui.click(`${node} > .cert-position .cert-open`);
  await ui.waitUntil((want) => /** @type {HTMLInputElement} */ (document.getElementById('sfen')).value.startsWith(want), position(reach.tree[child].sfen));
  assert.equal(position(await ui.value('#sfen')), position(reach.tree[child].sfen));
}
