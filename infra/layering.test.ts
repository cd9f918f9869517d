/**
 * The layering infra/README.md describes: infrastructure sits below the slices, so no file of infra/ imports from
 * services/ (the slices, the context, the composition root) or projections/. Test files are exempt: an integration
 * test drives the infrastructure through the assembled app (services/testing/harness.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const ROOT = process.cwd();
const INFRA = path.join(ROOT, 'infra');
const ABOVE = ['services', 'projections'];
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bdeclare\s+module\s+)(['"])([^'"]+)\1/g;

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, out);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The repository folder a specifier reaches into (its first segment), or null for a package. */
function layerOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return path.relative(ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep)[0];
}

/** The imports of `text` (the source of `file`) that reach into services/ or projections/. */
function upwardImports(file: string, text: string): string[] {
  const found: string[] = [];
  for (const [, , specifier] of text.matchAll(SPECIFIER)) {
    const layer = layerOf(file, specifier);
    if (layer && ABOVE.includes(layer)) found.push(`${path.relative(ROOT, file)} imports ${specifier}`);
  }
  return found;
}

test('no file of infra/ imports from services/ or projections/', () => {
  const files = sources(INFRA);
  assert.ok(files.length > 50, `infra/ holds the infrastructure (${files.length} files)`);
  assert.equal(files.flatMap((file) => upwardImports(file, fs.readFileSync(file, 'utf8'))), []);
});

test('the check sees an upward import, a type-only one and a declaration merge alike', () => {
  const probe = [
    "import type { AppContext } from '../../services/context';",
    "import { z } from 'zod';",
    "import { Db } from '../db/database';",
    "declare module '../../projections/catalogue/lots/tables' { interface X {} }",
  ].join('\n');
  const found = upwardImports(path.join(INFRA, 'probe', 'probe.ts'), probe);
  assert.equal(found, ['infra/probe/probe.ts imports ../../services/context', 'infra/probe/probe.ts imports ../../projections/catalogue/lots/tables']);
});

test.run();
