import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { toSource, type CallFrame } from './profile-frames';

test('a frame in a bundle is put back at its source file and line; a frame without a map stays as it is', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-frames-'));
  try {
    fs.mkdirSync(path.join(dir, 'services'));
    fs.writeFileSync(path.join(dir, 'services', 'beta.ts'), 'export const pad = 1;\n\nexport function beta(n: number): number {\n  return n * 2 + pad;\n}\n');
    fs.writeFileSync(path.join(dir, 'main.ts'), "import { beta } from './services/beta';\nconsole.log(beta(2));\n");
    await build({ entryPoints: [path.join(dir, 'main.ts')], bundle: true, format: 'esm', platform: 'node', outfile: path.join(dir, 'out', 'main.mjs'), sourcemap: 'linked', sourcesContent: false, logLevel: 'silent' });
    const bundled = fs.readFileSync(path.join(dir, 'out', 'main.mjs'), 'utf8').split('\n');
    const line = bundled.findIndex((l) => l.includes('function beta('));
    assert.ok(line > 0, 'the bundle holds beta');
    // V8 names a function by the position of its `function` keyword, 0-based.
    const frame: CallFrame = { functionName: 'beta', url: pathToFileURL(path.join(dir, 'out', 'main.mjs')).href, lineNumber: line, columnNumber: bundled[line].indexOf('function') };
    toSource(frame);
    assert.is(frame.url, path.join(dir, 'services', 'beta.ts'));
    assert.is(frame.lineNumber, 2);

    fs.rmSync(path.join(dir, 'out', 'main.mjs.map'));
    fs.copyFileSync(path.join(dir, 'out', 'main.mjs'), path.join(dir, 'out', 'unmapped.mjs'));
    const unmapped: CallFrame = { functionName: 'beta', url: path.join(dir, 'out', 'unmapped.mjs'), lineNumber: line, columnNumber: 0 };
    toSource(unmapped);
    assert.equal(unmapped, { functionName: 'beta', url: path.join(dir, 'out', 'unmapped.mjs'), lineNumber: line, columnNumber: 0 });
    const native: CallFrame = { functionName: 'writev', url: '', lineNumber: -1 };
    toSource(native);
    assert.equal(native, { functionName: 'writev', url: '', lineNumber: -1 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
