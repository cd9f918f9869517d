import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from './harness';
import { ensureClientBuilt } from '../../scripts/client-build';
import { assertNoCspViolations, watchCsp, type CspWatch } from './csp-watch';
import { CHROMIUM_ARGS } from './chromium-args';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserSession {
  browser: Browser;
  /** A fresh, isolated context (its own cookies and storage) at the given window size. */
  newContext(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * One Chromium for the whole process when the test runner asks for it (TEST_SHARED_BROWSER=1: scripts/test/host.ts
 * runs many browser files in one process). Launching costs a second or more per file on a loaded machine; contexts
 * already isolate cookies, storage and cache, so files share nothing through it. A file run on its own launches its own.
 */
let shared: Promise<Browser> | null = null;

function sharedBrowser(): Promise<Browser> {
  if (shared) return shared;
  const launching = chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  shared = launching;
  // A failed launch or a crashed browser is not kept: the next file launches again and reports its own error.
  const forget = () => { if (shared === launching) shared = null; };
  launching.then((b) => b.on('disconnected', forget), forget);
  return launching;
}

/** Closes the process's shared Chromium, if one was launched (the host's last step). */
export async function closeSharedBrowser(): Promise<void> {
  const browser = await shared?.catch(() => null);
  shared = null;
  await browser?.close();
}

/**
 * Debian's Chromium through playwright-core (never a downloaded browser). Every context watches for CSP violations
 * (services/testing/csp-watch.ts): closing it fails the test when a page had any. `launch` gives every run a fresh, empty
 * temporary profile (user data dir) of its own and removes it on close. With a shared browser, close() closes every
 * context the file left open instead (one file runs at a time in a process), so the next file starts on a clean browser.
 */
export async function launchBrowser(): Promise<BrowserSession> {
  const reuse = process.env.TEST_SHARED_BROWSER === '1';
  const browser = reuse ? await sharedBrowser() : await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  /** Contexts still open, with their watch and their own close (the wrapper below would throw on violations). */
  const open = new Map<CspWatch, () => Promise<void>>();
  return {
    browser,
    async newContext(viewport = { width: 1280, height: 900 }) {
      // Reduced motion (base.css then ends every animation at once): the header's live dot pulses forever on every page
      // of a live house, and an open page kept Chromium at ~12% of a core against ~3% (measured idle on a lot page);
      // bidding.browser's Chromium took 20-22 CPU s against 15-16. No test is about motion.
      const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
      const watch: CspWatch = { list: [] };
      const close = context.close.bind(context);
      open.set(watch, () => close());
      await watchCsp(context, watch);
      // Closing the context is where a test learns of its pages' CSP violations.
      context.close = async (options) => {
        await close(options);
        open.delete(watch);
        assertNoCspViolations(watch, 'this test\'s pages');
      };
      return context;
    },
    async close() {
      if (reuse) {
        // The next file gets the browser without this file's contexts (also those made on `browser` directly).
        await Promise.all([...open.values()].map((close) => close().catch(() => undefined)));
        await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
      } else await browser.close();
      const left = [...open.keys()].flatMap((w) => w.list);
      if (left.length === 0) return;
      // A context the test never closed (often a test that failed first): fail the file without throwing, which would
      // stop uvu before it prints the report.
      process.exitCode = 1;
      console.error(`Content-Security-Policy violations in pages of contexts left open (expected 0):\n  ${left.join('\n  ')}`);
    },
  };
}

export interface ServedApp extends TestApp {
  baseUrl: string;
}

/** The whole app (API, websockets, built client) on a fresh database, listening on a free loopback port. */
export async function startServedApp(options: Parameters<typeof startTestApp>[0] = {}): Promise<ServedApp> {
  ensureClientBuilt();
  const t = await startTestApp(options);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...t, baseUrl: `http://127.0.0.1:${port}` };
}
