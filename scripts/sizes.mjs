// Sizes of the source: `node scripts/sizes.mjs` prints the five largest files and the five longest
// functions (Rust under crate/, JavaScript under www/js, tests/ and scripts/); with `--check` it exits 1
// when a file is over 600 lines or a function over 60 (docs/architecture.md says why).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const MAX_FILE = 600;
const MAX_FUNCTION = 60;
const SKIP = new Set(['target', 'node_modules', 'pkg', 'pkg-st', 'corpus', 'artifacts', 'seeds', 'data']);

function sources(dir, ext) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP.has(name) ? [] : sources(path, ext);
    return ext.some((e) => name.endsWith(e)) ? [path] : [];
  });
}

// The text with comments, strings and character literals blanked (line breaks kept), so that braces in
// them do not count.
function blank(text, js) {
  const keepLines = (s) => s.replace(/[^\n]/g, ' ');
  let out = text.replace(/\/\*[\s\S]*?\*\//g, keepLines).replace(/\/\/[^\n]*/g, keepLines);
  if (!js) out = out.replace(/\br#*"[\s\S]*?"#*/g, keepLines);
  out = out.replace(/"(?:[^"\\\n]|\\.)*"/g, keepLines);
  if (js) out = out.replace(/'(?:[^'\\\n]|\\.)*'/g, keepLines).replace(/`(?:[^`\\]|\\.)*`/g, keepLines);
  else out = out.replace(/'(?:[^'\\\n]|\\.)'/g, keepLines);
  return out;
}

const RUST_FN = /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:(?:const|async|unsafe)\s+)*fn\s+(\w+)/;
const JS_FN = /^\s*(?:export\s+)?(?:async\s+)?function\s*\*?\s*(\w+)|^\s*(?:export\s+)?(?:const|let)\s+(\w+)\s*=\s*(?:async\s+)?(?:\([^)]*\)|\w+)\s*=>\s*\{\s*$|^\s*(?:async\s+)?(?:static\s+)?(\w+)\s*\([^)]*\)\s*\{\s*$|^\s*(?:test|it)\(\s*['"`]([^'"`]*)/;

// Each function's name and length in lines: from its first line to the line closing its body.
function functions(text, js) {
  const lines = blank(text, js).split('\n');
  const found = [];
  lines.forEach((line, i) => {
    const m = line.match(js ? JS_FN : RUST_FN);
    if (!m || (js && ['if', 'for', 'while', 'switch', 'catch'].includes(m[3]))) return;
    let depth = 0;
    let opened = false;
    for (let j = i; j < lines.length; j++) {
      for (const c of lines[j]) {
        if (c === '{') (depth++, (opened = true));
        else if (c === '}') depth--;
        else if (c === ';' && !opened && !js) return; // a declaration without a body
      }
      if (opened && depth <= 0) {
        found.push({ name: m.slice(1).find(Boolean), line: i + 1, lines: j - i + 1 });
        return;
      }
    }
  });
  return found;
}

const files = [
  ...sources(join(ROOT, 'crate'), ['.rs']),
  ...['www/js', 'tests', 'scripts'].flatMap((d) => sources(join(ROOT, d), ['.js', '.mjs'])),
];
const fileSizes = [];
const functionSizes = [];
for (const path of files) {
  const text = readFileSync(path, 'utf8');
  const name = relative(ROOT, path);
  fileSizes.push({ name, lines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0) });
  for (const f of functions(text, !path.endsWith('.rs'))) {
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
