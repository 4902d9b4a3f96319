// Sizes of the source: `node scripts/sizes.mjs` prints the five largest files and the five longest
// functions (Rust under crate/, JavaScript under www/js, tests/ and scripts/); with `--check` it exits 1
// when a file is over 600 lines or a function over 60 (docs/architecture.md says why). A function runs
// from the line it starts on to the line it ends on; JavaScript's are found by TypeScript's parser, so
// arrow functions, methods and callbacks count too, while a `describe(name, () => {…})` is a list of tests
// whose tests count one by one.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { filesUnder } from './files.mjs';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..');
const MAX_FILE = 600;
const MAX_FUNCTION = 60;
const SKIP = new Set(['target', 'node_modules', 'pkg', 'pkg-st', 'corpus', 'artifacts', 'seeds', 'data']);

const sources = (dir, ext) => filesUnder(dir, ext, SKIP);

// The text with comments, strings and character literals blanked (line breaks kept), so that braces in
// them do not count.
function blank(text) {
  const keepLines = (s) => s.replace(/[^\n]/g, ' ');
  return text
    .replace(/\/\*[\s\S]*?\*\//g, keepLines)
    .replace(/\/\/[^\n]*/g, keepLines)
    .replace(/\br#*"[\s\S]*?"#*/g, keepLines)
    .replace(/"(?:[^"\\\n]|\\.)*"/g, keepLines)
    .replace(/'(?:[^'\\\n]|\\.)'/g, keepLines);
}

const RUST_FN = /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:(?:const|async|unsafe)\s+)*fn\s+(\w+)/;

// Each Rust function's name, first line and length in lines: to the line closing its body.
function rustFunctions(text) {
  const lines = blank(text).split('\n');
  const found = [];
  lines.forEach((line, i) => {
    const m = line.match(RUST_FN);
    if (!m) return;
    let depth = 0;
    let opened = false;
    for (let j = i; j < lines.length; j++) {
      for (const c of lines[j]) {
        if (c === '{') (depth++, (opened = true));
        else if (c === '}') depth--;
        else if (c === ';' && !opened) return; // a declaration without a body
      }
      if (opened && depth <= 0) {
        found.push({ name: m[1], line: i + 1, lines: j - i + 1 });
        return;
      }
    }
  });
  return found;
}

// Each JavaScript function's name (or kind), first line and length in lines.
function jsFunctions(text, path) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && !isDescribeBody(node)) {
      const line = lineOf(node.getStart(source));
      const name = node.name?.getText(source) ?? ts.SyntaxKind[node.kind];
      found.push({ name, line, lines: lineOf(node.getEnd()) - line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// Whether `node` is the function given to `describe(…)`.
function isDescribeBody(node) {
  const call = node.parent;
  return ts.isCallExpression(call) && ts.isIdentifier(call.expression) && call.expression.text === 'describe';
}

const files = [
  ...sources(join(ROOT, 'crate'), ['.rs']),
  ...['www/js', 'tests', 'scripts'].flatMap((d) => sources(join(ROOT, d), ['.js', '.mjs', '.d.ts'])),
];
const fileSizes = [];
const functionSizes = [];
for (const path of files) {
  const text = readFileSync(path, 'utf8');
  const name = relative(ROOT, path);
  fileSizes.push({ name, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) });
  for (const f of path.endsWith('.rs') ? rustFunctions(text) : jsFunctions(text, path)) {
    functionSizes.push({ name: `${name}:${f.line} ${f.name}`, lines: f.lines });
  }
}
const largest = (list) => [...list].sort((a, b) => b.lines - a.lines);
const show = (title, list, max) => {
  console.log(`${title} (limit ${max}):`);
  for (const { name, lines } of largest(list).slice(0, 5)) console.log(`  ${String(lines).padStart(5)}  ${name}`);
};
show('largest files', fileSizes, MAX_FILE);
show('longest functions', functionSizes, MAX_FUNCTION);
const over = [
  ...fileSizes.filter((f) => f.lines > MAX_FILE),
  ...functionSizes.filter((f) => f.lines > MAX_FUNCTION),
];
console.log(`${over.length} over the limits`);
if (process.argv.includes('--check') && over.length) {
  for (const { name, lines } of largest(over)) console.error(`  ${lines}  ${name}`);
  process.exit(1);
}
