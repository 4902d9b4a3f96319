// The record reader's header, comments and moves against two other programs' readers: cshogi (KIF and CSA:
// players, header fields, the comment before the first move, each move's comment, the moves) and
// python-shogi (players, CSA moves), run by tests/records/read_with_python.py in the test venv
// (`source scripts/setup.sh; need_python` makes it; VENV_PYTHON names it). Our side is the CLI's
// `record --json`, the object the page reads. Run: node --test tests/records-python.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const CLI = process.env.SHOGI_REACH_CLI ?? join(ROOT, 'target/ci/shogi-reach');
const PYTHON = process.env.VENV_PYTHON ?? join(ROOT, 'target/venv/bin/python');
const DATA = 'crate/engine/tests/data';
const KIF = [`${DATA}/annotated/annotated.kif`, `${DATA}/annotated/annotated.kifu`, `${DATA}/records/selfplay-1.kif`, `${DATA}/records/selfplay-1.kifu`];
const CSA = [`${DATA}/annotated/annotated.csa`, `${DATA}/records/selfplay-1.csa`, `${DATA}/records/handicap-1.csa`];

const run = (cmd, args) => execFileSync(cmd, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
const theirs = JSON.parse(run(PYTHON, ['tests/records/read_with_python.py', ...KIF, ...CSA]));
const ours = (file) => JSON.parse(run(CLI, ['record', '--json', file]));
const field = (record, name) => record.header.find((f) => f.name === name)?.value ?? '';
const usi = (record) => record.moves.map((m) => m.usi);

test('the annotated fixtures have what the comparison is about', () => {
  // So that the comparisons below cannot pass on empty lists.
  const kif = theirs[KIF[0]].cshogi;
  assert.ok(kif.comments.filter(Boolean).length >= 2 && kif.comment && Object.keys(kif.header).length >= 5);
  assert.ok(theirs[CSA[0]].cshogi.comment_lines.length >= 3);
});

/** Our record's players (sente, gote) are the names both libraries read. */
function samePlayers(record, cshogi, pythonShogi) {
  const players = [field(record, 'sente'), field(record, 'gote')];
  assert.deepEqual(players, cshogi.names);
  assert.deepEqual(players, pythonShogi.names);
}

for (const file of KIF) {
  test(`KIF ${file}: players, header, comments and moves as cshogi and python-shogi read them`, () => {
    const record = ours(file);
    const { cshogi, python_shogi: pythonShogi } = theirs[file];
    samePlayers(record, cshogi, pythonShogi);
    for (const [key, value] of Object.entries(cshogi.header)) {
      assert.equal(record.header.find((f) => f.key === key)?.value, value, key);
    }
    assert.equal(record.comment ?? '', cshogi.comment);
    assert.deepEqual(usi(record), cshogi.moves);
    const comments = record.moves.map((m) => m.comment ?? '');
    assert.deepEqual(comments.slice(0, cshogi.comments.length), cshogi.comments);
    assert.ok(comments.slice(cshogi.comments.length).every((c) => c === ''));
  });
}

for (const file of CSA) {
  test(`CSA ${file}: players, $ fields, comments and moves as cshogi and python-shogi read them`, () => {
    const record = ours(file);
    const { cshogi, python_shogi: pythonShogi } = theirs[file];
    samePlayers(record, cshogi, pythonShogi);
    for (const [key, value] of Object.entries(cshogi.header)) {
      assert.equal(record.header.find((f) => f.key === `$${key}`)?.value, value, key);
    }
    assert.deepEqual(usi(record), cshogi.moves);
    assert.deepEqual(usi(record), pythonShogi.moves);
    const lines = [record.comment ?? '', ...record.moves.map((m) => m.comment ?? '')].filter(Boolean).flatMap((c) => c.split('\n'));
    assert.deepEqual(lines, cshogi.comment_lines);
  });
}
