/**
 * Moves files or folders and rewrites every relative import that points into or out of them, so a rename of a
 * business area or a layer is one command (`npx tsx scripts/move-paths.ts old=new [old=new...]`, paths from the
 * repository root; then `npx tsc --noEmit` and the tests). Specifiers are resolved the way the code writes them:
 * relative, with or without an extension (.ts, .tsx, .js, .mjs, /index.ts). Uses `git mv`, so history follows.
 * Paths written out from the repository root (`services/app.ts` in docs, comments, biome.json, a script's string
 * path) are moved the same way in every tracked text file, so the docs keep naming files that exist.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const SKIP = new Set(['node_modules', '.git', 'dist', '.data']);
// `declare module '../x'` too: a projection's tables merge into the database module by its relative path.
const IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bexport\s*\*\s*from\s*|\bvi\.mock\(\s*|\bdeclare\s+module\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** The file a relative specifier names, or null when it names none (left as it is). */
function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

/** Where `file` ends up: the moves apply in order, so a later move may take a file out of a folder moved before. */
function mapped(file: string, moves: Array<[string, string]>): string {
  let at = file;
  for (const [from, to] of moves) {
    if (at === from) at = to;
    else if (at.startsWith(`${from}${path.sep}`)) at = path.join(to, at.slice(from.length + 1));
  }
  return at;
}

/** The specifier from `importer` to `target`, keeping how the original was written (extension or not, index or not). */
function specifier(importer: string, target: string, original: string, resolved: string): string {
  let tail = target;
  if (!/\.(ts|tsx|mjs|js)$/.test(original)) tail = tail.replace(/\.(ts|tsx)$/, '');
  if (original.endsWith('.js') && resolved.endsWith('.ts')) tail = tail.replace(/\.ts$/, '.js');
  if (path.basename(resolved).startsWith('index.') && !/index(\.\w+)?$/.test(original)) tail = path.dirname(tail);
  let rel = path.relative(path.dirname(importer), tail).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

function posix(p: string): string {
  return p.split(path.sep).join('/');
}

/** A root path's new place, by the same rule as `mapped`: the moves in order. */
function movedMention(at: string, moves: Array<[string, string]>): string {
  for (const [from, to] of moves) {
    if (at === from) at = to;
    else if (at.startsWith(`${from}/`)) at = `${to}${at.slice(from.length)}`;
  }
  return at;
}

/**
 * Rewrites root paths that start with a moved path. Not after a path character, so relative import specifiers
 * (`../services/x`, rewritten above) and URLs are left alone; a sentence's full stop is not part of the path.
 */
function rewriteMentions(text: string, moves: Array<[string, string]>): string {
  const starts = moves.map(([from]) => from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length);
  const mention = new RegExp(`(?<![\\w./-])(?:${starts.join('|')})(?:/[\\w.-]+)*/?(?![\\w-])`, 'g');
  return text.replace(mention, (whole) => {
    const stop = /\.+$/.exec(whole)?.[0] ?? '';
    return movedMention(whole.slice(0, whole.length - stop.length), moves) + stop;
  });
}

/** Every tracked file that is text (no NUL byte), with its absolute path. */
function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0').filter(Boolean);
  return listed.map((f) => path.join(ROOT, f)).filter((f) => fs.existsSync(f) && !fs.readFileSync(f).includes(0));
}

const moves = process.argv.slice(2).map((arg) => arg.split('=').map((p) => path.resolve(ROOT, p)) as [string, string]);
if (moves.length === 0 || moves.some((m) => m.length !== 2)) throw new Error('usage: move-paths.ts old=new [old=new...]');
const files = walk(ROOT);
const rewrites = new Map<string, string>();
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const next = text.replace(IMPORT, (whole, lead: string, quote: string, spec: string) => {
    const target = resolve(file, spec);
    if (!target) return whole;
    if (mapped(file, moves) === file && mapped(target, moves) === target) return whole;
    const updated = specifier(mapped(file, moves), mapped(target, moves), spec, target);
    return `${lead}${quote}${updated}${quote}`;
  });
  if (next !== text) rewrites.set(file, next);
}
const rootMoves = moves.map(([from, to]) => [posix(path.relative(ROOT, from)), posix(path.relative(ROOT, to))] as [string, string]);
for (const file of trackedTextFiles()) {
  const text = rewrites.get(file) ?? fs.readFileSync(file, 'utf8');
  const next = rewriteMentions(text, rootMoves);
  if (next !== text) rewrites.set(file, next);
}
for (const [file, text] of rewrites) fs.writeFileSync(file, text);
for (const [from, to] of moves) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  execFileSync('git', ['mv', path.relative(ROOT, from), path.relative(ROOT, to)], { stdio: 'inherit' });
}
console.log(`moved ${moves.length}, rewrote imports in ${rewrites.size} files`);
