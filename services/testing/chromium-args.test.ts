/**
 * Our `--disable-features` replaces playwright-core's (Chromium reads the last one): it must still hold every feature
 * the installed playwright-core turns off, or an upgrade would quietly turn those back on (PaintHolding, HTTPS
 * upgrades of the test server's plain-HTTP addresses).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHROMIUM_ARGS, OMNIBOX_WEBUI, PLAYWRIGHT_DISABLED_FEATURES } from './chromium-args';

/** The `disabledFeatures` list in playwright-core's bundle (its chromiumSwitches), comments left out. */
function playwrightDisabledFeatures(): string[] {
  const root = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = fs.readFileSync(path.join(root, 'lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(bundle)?.[1];
  assert.ok(list, 'playwright-core still lists its disabled features in lib/coreBundle.js');
  return list!.split('\n').filter((line) => !line.trim().startsWith('//')).flatMap((line) => [...line.matchAll(/"([A-Za-z]+)"/g)].map((m) => m[1]));
}

test('every feature the installed playwright-core turns off is in our list', () => {
  const theirs = playwrightDisabledFeatures();
  assert.ok(theirs.length >= 10, `found ${theirs.length}`);
  assert.equal(theirs.filter((f) => !PLAYWRIGHT_DISABLED_FEATURES.includes(f)), []);
});

test('Chromium gets one --disable-features: playwright-core\'s and the address-bar popup pages', () => {
  const flags = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
  assert.is(flags.length, 1);
  const features = flags[0].slice('--disable-features='.length).split(',');
  for (const f of [...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI]) assert.ok(features.includes(f), f);
});

test.run();
