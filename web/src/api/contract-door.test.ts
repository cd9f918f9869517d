/**
 * The client reaches outside web/ in two ways only (web/README.md "Types from the server"):
 * - the server's request and answer types, through the one door api/contract.ts, with `import type` only (Vite
 *   erases them, so no server code is bundled);
 * - pure domain rules (domain/), imported as values, when the module and everything it imports stays inside domain/
 *   and uses no package but the ones the client already ships.
 * Any other import from outside web/ (services/, projections/, scripts/, a domain module that grew a server
 * dependency) fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const API = path.dirname(new URL(import.meta.url).pathname);
const SRC = path.dirname(API);
const WEB = path.dirname(SRC);
const ROOT = path.dirname(WEB);
const DOOR = path.join(API, 'contract.ts');
/** This file: its examples below are strings, not imports. */
const THIS = new URL(import.meta.url).pathname;
const DOMAIN = path.join(ROOT, 'domain');
/** Packages a domain module the client imports may use: they are in the client's bundle already. */
const CLIENT_PACKAGES = new Set(['libphonenumber-js', 'ibantools']);

/** `import`/`export ... from '...'` statements (also `import '...'` and `import('...')`), with whether they are type-only. */
const STATEMENT = /(?:^|\n)\s*(import|export)(\s+type\b)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

interface Import { spec: string; typeOnly: boolean }

function importsOf(source: string): Import[] {
  return [...source.matchAll(STATEMENT)].map((m) => ({ spec: m[3] ?? m[4] ?? m[5], typeOnly: !!m[2] }));
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const inside = (dir: string, file: string) => {
  const rel = path.relative(dir, file);
  return !rel.startsWith('..') && !path.isAbsolute(rel);
};

function resolve(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  const found = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  return found ?? (path.extname(base) ? base : `${base}.ts`);
}

const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

/** What is wrong with a domain module the client imports as a value (and with everything it imports), or []. */
function impureDomain(file: string, read: (f: string) => string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const problems: string[] = [];
  for (const { spec, typeOnly } of importsOf(read(file))) {
    if (typeOnly) continue; // erased: brings no code into the bundle
    const where = path.relative(ROOT, file);
    if (spec.startsWith('.')) {
      const target = resolve(file, spec);
      if (!inside(DOMAIN, target)) problems.push(`${where} imports ${spec}, outside domain/`);
      else problems.push(...impureDomain(target, read, seen));
    } else if (!CLIENT_PACKAGES.has(packageOf(spec))) {
      problems.push(`${where} imports ${spec}, which the client does not ship`);
    }
  }
  return problems;
}

/** Every import of `files` that leaves web/ other than the two allowed ways, as a sentence. */
function wrongExits(files: readonly string[], read: (f: string) => string = (f) => fs.readFileSync(f, 'utf8')): string[] {
  const found: string[] = [];
  for (const file of files) {
    const where = path.relative(ROOT, file);
    for (const { spec, typeOnly } of importsOf(read(file))) {
      if (file === DOOR && !typeOnly) {
        found.push(`${where} imports ${spec} as a value: the door takes types only (import type)`);
        continue;
      }
      if (!spec.startsWith('.')) continue;
      const target = resolve(file, spec);
      if (inside(WEB, target)) continue;
      if (file === DOOR) continue;
      if (inside(DOMAIN, target)) {
        if (!typeOnly) found.push(...impureDomain(target, read).map((p) => `${where} -> ${p}`));
        continue;
      }
      found.push(`${where} imports ${spec}: server types come through web/src/api/contract.ts`);
    }
  }
  return found;
}

test('no web/src file leaves web/ but through the contract door (types) or a pure domain module', () => {
  const found = wrongExits(sourceFiles(SRC).filter((f) => f !== THIS));
  assert.equal(found, [], `imports that leave web/ the wrong way:\n${found.join('\n')}`);
});

test('the door imports only types', () => {
  const imports = importsOf(fs.readFileSync(DOOR, 'utf8'));
  assert.ok(imports.length > 10, 'the door names the server schema modules');
  assert.equal(imports.filter((i) => !i.typeOnly).map((i) => i.spec), []);
});

test('the check sees a value import in the door, a bypass of it, and a domain module with a server dependency', () => {
  const page = path.join(SRC, 'pages', 'page.tsx');
  const pure = path.join(DOMAIN, 'pure.ts');
  const tainted = path.join(DOMAIN, 'tainted.ts');
  const sources: Record<string, string> = {
    [DOOR]: "import type { a } from '../../../services/a';\nimport { b } from '../../../services/b';",
    [page]: [
      "import type { Wallet } from '../api/contract';",
      "import { rule } from '../../../domain/pure';",
      "import type { T } from '../../../domain/tainted';",
      "import { x } from '../../../domain/tainted';",
      "import type { Row } from '../../../services/wallet/schemas';",
      "const lazyOne = () => import('../../../projections/p');",
    ].join('\n'),
    [pure]: "import { parsePhoneNumber } from 'libphonenumber-js';\nimport type { Db } from '../services/db';",
    [tainted]: "import { db } from '../services/db/database';\nimport { readFile } from 'node:fs';",
  };
  const read = (f: string) => sources[f] ?? '';
  assert.equal(wrongExits([DOOR, page], read), [
    'web/src/api/contract.ts imports ../../../services/b as a value: the door takes types only (import type)',
    'web/src/pages/page.tsx -> domain/tainted.ts imports ../services/db/database, outside domain/',
    'web/src/pages/page.tsx -> domain/tainted.ts imports node:fs, which the client does not ship',
    'web/src/pages/page.tsx imports ../../../services/wallet/schemas: server types come through web/src/api/contract.ts',
    'web/src/pages/page.tsx imports ../../../projections/p: server types come through web/src/api/contract.ts',
  ]);
});

test.run();
