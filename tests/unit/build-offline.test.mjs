// scripts/build-offline.mjs: the module graph that index.html preloads, and the service worker's list of
// files and version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildList, moduleGraph } from '../../scripts/build-offline.mjs';

function site(files) {
  const dir = mkdtempSync(join(tmpdir(), 'shogi-reach-offline-unit-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

test('the module graph follows static imports and re-exports, not dynamic imports, comments or strings', () => {
  const dir = site({
    'js/app.js': "import { a } from './a.js';\nimport './side.js';\nexport { b } from './sub/b.js';\n" +
      "const later = () => import('./lazy.js');\n/** @type {import('./types.js').T} */\nexport const url = './not-a-module.js';\n",
    'js/a.js': "import {\n  b,\n} from './sub/b.js';\n",
    'js/side.js': '',
    'js/sub/b.js': "import { a } from '../a.js';\n",
    'js/lazy.js': '',
  });
  try {
    assert.deepEqual(moduleGraph(dir, 'js/app.js'), ['js/app.js', 'js/a.js', 'js/sub/b.js', 'js/side.js']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the list: the page as ./, the threaded build on first use, no copies, declarations, headers or manifest; hashes; the version follows the content', () => {
  const dir = site({
    'index.html': '<p>', 'js/app.js': '', 'js/app.js.br': '', 'pkg-st/e.wasm': 'a', 'pkg-st/e.d.ts': '',
    'pkg/e.wasm': 'b', 'pkg/e.wasm.gz': '', _headers: '', 'sw.js': '', 'fonts/f.woff2': '', 'build.json': '{}',
    '.compressed.json': '{}',
  });
  try {
    const one = buildList(dir);
    assert.deepEqual(one.files, ['fonts/f.woff2', './', 'js/app.js', 'pkg-st/e.wasm']);
    assert.deepEqual(one.lazy, ['pkg/e.wasm']);
    assert.match(one.version, /^[0-9a-f]{16}$/);
    // Each file's sha256, the page under './'.
    const sha = (text) => createHash('sha256').update(text).digest('hex');
    assert.deepEqual(one.sha256, { 'fonts/f.woff2': sha(''), './': sha('<p>'), 'js/app.js': sha(''), 'pkg-st/e.wasm': sha('a'), 'pkg/e.wasm': sha('b') });
    writeFileSync(join(dir, 'sw.js'), 'changed');
    assert.equal(buildList(dir).version, one.version, 'sw.js itself is not in the list');
    writeFileSync(join(dir, 'pkg/e.wasm'), 'c');
    assert.notEqual(buildList(dir).version, one.version);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
