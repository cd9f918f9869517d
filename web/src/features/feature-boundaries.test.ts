/**
 * No feature imports another (web/README.md, "Layout"): a file under features/X may import shared code (components/,
 * lib/, state/, api/...) and its own folder, never features/Y. A piece two features need moves to the shared folders.
 * Every relative import, re-export, dynamic import and style import of every file counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const FEATURES = path.dirname(new URL(import.meta.url).pathname);
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The feature a path lies in (its first folder under features/), or null for a path outside them. */
function featureOf(file: string): string | null {
  const rel = path.relative(FEATURES, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** "features/X/file.ts imports features/Y/other" for every import that leaves X for another feature. */
function crossings(files: readonly string[], read: (file: string) => string = (f) => fs.readFileSync(f, 'utf8')): string[] {
  const found: string[] = [];
  for (const file of files) {
    const own = featureOf(file);
    for (const [, spec] of read(file).matchAll(SPECIFIER)) {
      const other = featureOf(path.resolve(path.dirname(file), spec));
      if (own && other && other !== own) found.push(`features/${path.relative(FEATURES, file)} imports ${spec}`);
    }
  }
  return found;
}

test('no file of one feature imports another feature', () => {
  const found = crossings(sourceFiles(FEATURES));
  assert.equal(found, [], `imports across features (move the shared piece to components/, lib/, state/ or api/):\n${found.join('\n')}`);
});

test('the check sees each kind of import that crosses, and none that stays home or goes to shared code', () => {
  const file = path.join(FEATURES, 'a', 'page.tsx');
  const source = [
    "import { x } from '../b/x';",
    "export { y } from '../b/y';",
    "const Z = lazy(() => import('../c/z'));",
    "import '../b/b.css';",
    "import { own } from './own';",
    "import { deep } from './sub/deep';",
    "import { shared } from '../../components/shared';",
    "import { lib } from '../../lib/money';",
  ].join('\n');
  assert.equal(crossings([file], () => source), [
    'features/a/page.tsx imports ../b/x',
    'features/a/page.tsx imports ../b/y',
    'features/a/page.tsx imports ../c/z',
    'features/a/page.tsx imports ../b/b.css',
  ]);
});

test.run();
