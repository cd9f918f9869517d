/**
 * Prints the raw and gzipped size of every asset in web/dist, largest first, with totals for JS and CSS and the
 * size of what the first page load needs (the entry chunk, its static imports and the CSS linked by index.html).
 * Run after the build: npx tsx web/scripts/report-size.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

let files: string[];
try {
  files = walk(dist).filter((f) => /\.(js|css|html|svg|json|woff2?)$/.test(f));
} catch {
  console.error(`No build found in ${dist}. Run the build first (npx vite build web).`);
  process.exit(1);
}

const rows = files.map((f) => {
  const buf = readFileSync(f);
  return { file: relative(dist, f), raw: buf.length, gz: gzipSync(buf, { level: 9 }).length };
});
rows.sort((a, b) => b.gz - a.gz);

const kb = (n: number) => `${(n / 1024).toFixed(2)} kB`;
const width = Math.max(...rows.map((r) => r.file.length), 10);
console.log(`${'asset'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
for (const r of rows) console.log(`${r.file.padEnd(width)}  ${kb(r.raw).padStart(10)}  ${kb(r.gz).padStart(10)}`);

const sum = (ext: string) => rows.filter((r) => r.file.endsWith(ext)).reduce((a, r) => ({ raw: a.raw + r.raw, gz: a.gz + r.gz }), { raw: 0, gz: 0 });
const js = sum('.js');
const css = sum('.css');
console.log('');
console.log(`all JS   ${kb(js.raw).padStart(10)} raw  ${kb(js.gz).padStart(10)} gzip`);
console.log(`all CSS  ${kb(css.raw).padStart(10)} raw  ${kb(css.gz).padStart(10)} gzip`);

// First load: what index.html links, plus the static imports of those chunks.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const linked = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const seen = new Set<string>();
const queue = [...linked];
while (queue.length) {
  const file = queue.shift()!;
  if (seen.has(file)) continue;
  seen.add(file);
  if (!file.endsWith('.js')) continue;
  const code = readFileSync(join(dist, file), 'utf8');
  // Static imports only (import ... from "./x.js"); dynamic import() chunks load later.
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) queue.push(`assets/${m[1]}`);
}
const first = rows.filter((r) => seen.has(r.file));
const firstJs = first.filter((r) => r.file.endsWith('.js')).reduce((a, r) => a + r.gz, 0);
const firstCss = first.filter((r) => r.file.endsWith('.css')).reduce((a, r) => a + r.gz, 0);
console.log(`first load: JS ${kb(firstJs)} gzip + CSS ${kb(firstCss)} gzip (${first.map((r) => r.file).join(', ')})`);
