// Tests of scripts/compress.mjs, which writes the built site's precompressed copies (FILE.br, FILE.gz) and
// their record, which scripts/serve.mjs reads (tests/serve.test.mjs). Run: node --test tests/compress.test.mjs
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compress, describeCopies, RECORD } from '../scripts/compress.mjs';

const TEXT = 'export const text = "compressible";\n'.repeat(200);

describe('compress.mjs', () => {
  test('writes a .br and a .gz copy of the compressible files, only when smaller; not of fonts, dotfiles or links', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shogi-reach-compress-'));
    try {
      mkdirSync(join(dir, 'js'));
      writeFileSync(join(dir, 'index.html'), '<p>hello</p>\n'.repeat(100));
      writeFileSync(join(dir, 'js', 'app.js'), TEXT);
      writeFileSync(join(dir, 'tiny.txt'), 'a');
      writeFileSync(join(dir, 'font.woff2'), Buffer.alloc(10_000));
      writeFileSync(join(dir, '.dot.js'), TEXT);
      symlinkSync(join(dir, 'js', 'app.js'), join(dir, 'link.js'));
      writeFileSync(join(dir, 'js', 'app.js.br'), 'stale copy of an earlier build');
      await compress(dir);
      const record = JSON.parse(readFileSync(join(dir, RECORD), 'utf8'));
      assert.deepEqual(Object.keys(record).sort(), ['index.html', 'js/app.js', 'tiny.txt']);
      for (const file of ['index.html', 'js/app.js']) {
        const original = readFileSync(join(dir, file));
        // The record: the file's size and sha256, and each copy's.
        assert.deepEqual(record[file], describeCopies(dir, file), file);
        assert.equal(record[file].sha256, createHash('sha256').update(original).digest('hex'), file);
        assert.deepEqual(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))), original, file);
        assert.deepEqual(gunzipSync(readFileSync(join(dir, `${file}.gz`))), original, file);
      }
      for (const file of ['tiny.txt', 'font.woff2', '.dot.js', 'link.js']) {
        assert.equal(existsSync(join(dir, `${file}.br`)) || existsSync(join(dir, `${file}.gz`)), false, file);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
