// After `vite build`: the JavaScript a browser loads to show /pages/login, gzipped, against its budget
// (issue 4: at most 200 KB). Login is part of the entry chunk, so that is the entry and every chunk it
// imports statically; lazily loaded chunks (the store with RxDB, each area's screens, pako) are not.
// Exits 1 when over budget, so `npm run build` and `npm test` catch a regression.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.LOGIN_JS_BUDGET_KB ?? 200);
const dist = join(process.cwd(), 'dist', 'client');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest');

const seen = new Set();
const files = [];
const css = new Set();
(function walk(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  files.push(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const imported of chunk.imports ?? []) walk(imported);
})(entryKey);

const size = (file) => {
  const bytes = readFileSync(join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => (n / 1024).toFixed(1);
let raw = 0;
let gzip = 0;
for (const f of files) {
  const s = size(f);
  raw += s.raw;
  gzip += s.gzip;
  console.log(`  ${f.padEnd(44)} ${kb(s.raw).padStart(8)} KB  ${kb(s.gzip).padStart(7)} KB gzip`);
}
let cssGzip = 0;
for (const f of css) cssGzip += size(f).gzip;
const over = gzip / 1024 > BUDGET_KB;
console.log(
  `Initial JavaScript for /pages/login: ${files.length} files, ${kb(raw)} KB, ${kb(gzip)} KB gzipped ` +
    `(budget ${BUDGET_KB} KB${over ? ', OVER BUDGET' : ''}); CSS ${kb(cssGzip)} KB gzipped.`,
);
if (over) process.exit(1);
