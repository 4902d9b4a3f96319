// The page's code and the tests stay readable: no file over 600 lines, no function over 60 (its body from
// the line it starts on to the line it ends on), in www/js and tests/. Functions are found by TypeScript's
// parser, so arrow functions, methods and callbacks count too; a `describe(name, () => {…})` is a list of
// tests, not a function, and its tests count one by one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('../..', import.meta.url).pathname;
const MAX_FILE = 600;
const MAX_FUNCTION = 60;
const SOURCE = /\.(m?js|d\.ts)$/;

/** Every source file under `dir`. */
function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

/** `[where, lines]` of every function of `file`. */
function functions(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && !isDescribeBody(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      found.push([`${relative(ROOT, file)}:${first}`, last - first + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether `node` is the function given to `describe(…)`. */
function isDescribeBody(node) {
  const call = node.parent;
  return ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'describe';
}

const sources = [...files(join(ROOT, 'www/js')), ...files(join(ROOT, 'tests'))];

test(`no file of www/js or tests over ${MAX_FILE} lines`, () => {
  const long = sources
    .map((f) => [relative(ROOT, f), readFileSync(f, 'utf8').split('\n').length])
    .filter(([, n]) => n > MAX_FILE);
  assert.deepEqual(long, []);
});

test(`no function of www/js or tests over ${MAX_FUNCTION} lines`, () => {
  const long = sources.flatMap(functions).filter(([, n]) => n > MAX_FUNCTION);
  assert.deepEqual(long, []);
});
