/**
 * When a bundle is stale (scripts/server-build.ts): given a throwaway project whose entry imports a file of its own
 * and one from a folder beside it (as the server imports a few files of web/src), a build is fresh until one of the
 * files it read changes or goes away, or a build file changes; a file it never read changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bundle } from './server-build';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-bundle-'));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/**
 * Modification times from a clock of the test's own, not the file system's (a build and an edit can fall in the same
 * tick of it): every file starts at T0, each build and each edit is ten seconds after the last.
 */
let clock = Date.now() - 3_600_000;
const stamp = (file: string) => {
  clock += 10_000;
  fs.utimesSync(file, new Date(clock), new Date(clock));
};
const edit = (file: string) => stamp(path.join(root, file));
const build = (run: () => void) => {
  run();
  stamp(b.main);
};

write('app/main.ts', "import { greeting } from './greeting';\nimport { site } from '../shared/site';\nconsole.log(greeting + ', ' + site);\n");
write('app/greeting.ts', "export const greeting: string = 'hello';\n");
write('shared/site.ts', "export const site = 'whisky';\n");
write('app/unrelated.ts', 'export const unused = 1;\n');
write('build.json', '{}\n');
for (const file of ['app/main.ts', 'app/greeting.ts', 'shared/site.ts', 'app/unrelated.ts', 'build.json']) {
  fs.utimesSync(path.join(root, file), new Date(clock), new Date(clock));
}
const b = bundle(root, { main: 'app/main.ts' }, 'out', ['build.json']);

test.after(() => fs.rmSync(root, { recursive: true, force: true }));

test('built, it runs, and it is fresh; a file it never read changes nothing', () => {
  assert.is(b.isFresh(), false, 'not built yet');
  build(b.ensure);
  assert.is(execFileSync(process.execPath, [b.main], { encoding: 'utf8' }).trim(), 'hello, whisky');
  assert.is(b.isFresh(), true);
  edit('app/unrelated.ts');
  assert.is(b.isFresh(), true, 'app/unrelated.ts is not in the bundle');
});

test('an edit to a file it imports, in or out of the entry\'s folder, makes it stale, and ensure() builds the edit', () => {
  write('shared/site.ts', "export const site = 'dram';\n");
  edit('shared/site.ts');
  assert.is(b.isFresh(), false, 'shared/site.ts changed');
  build(b.ensure);
  assert.is(b.isFresh(), true);
  assert.is(execFileSync(process.execPath, [b.main], { encoding: 'utf8' }).trim(), 'hello, dram');
  edit('app/greeting.ts');
  assert.is(b.isFresh(), false, 'app/greeting.ts changed');
  build(b.build);
});

test('a build file changed, or a source gone, makes it stale', () => {
  assert.is(b.isFresh(), true);
  edit('build.json');
  assert.is(b.isFresh(), false, 'build.json changed');
  build(b.build);
  assert.is(b.isFresh(), true);
  fs.renameSync(path.join(root, 'shared/site.ts'), path.join(root, 'shared/moved.ts'));
  assert.is(b.isFresh(), false, 'shared/site.ts went away');
});

test.run();
