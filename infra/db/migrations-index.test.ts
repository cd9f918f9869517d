/**
 * The migrations index (infra/db/migrations/index.ts) is what every start applies: a migration file left out of it
 * would never run, silently. Given the folder, when the index is read, then it names every migration file, in order,
 * each with its own module.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrations } from './migrations/index';

const folder = fileURLToPath(new URL('./migrations', import.meta.url));

test('the index lists every migration file of the folder, in name order', () => {
  const files = fs.readdirSync(folder).filter((f) => /^\d{4}-.+\.ts$/.test(f) && !f.includes('.test.')).map((f) => f.replace(/\.ts$/, '')).sort();
  assert.ok(files.length > 40, `the folder was read (${files.length} files)`);
  assert.equal(Object.keys(migrations), files);
});

test('each entry is that file\'s own module, with an up step', async () => {
  for (const [name, migration] of Object.entries(migrations)) {
    const own = await import(`./migrations/${name}.ts`);
    assert.is(migration.up, own.up, `${name}: its own up`);
  }
});

test.run();
