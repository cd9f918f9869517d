import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startTestApp, type TestApp } from './harness';
import { ensureClientBuilt } from '../../scripts/client-build';
import { assertNoCspViolations, watchCsp, type CspWatch } from './csp-watch';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface BrowserSession {
  browser: Browser;
  /** A fresh, isolated context (its own cookies and storage) at the given window size. */
  newContext(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * Debian's Chromium through playwright-core (never a downloaded browser). Every context watches for CSP violations
 * (services/testing/csp-watch.ts): closing it fails the test when a page had any. `launch` gives every run a fresh, empty
 * temporary profile (user data dir) of its own and removes it on close.
 */
export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const open = new Set<CspWatch>();
  return {
    browser,
    async newContext(viewport = { width: 1280, height: 900 }) {
      const context = await browser.newContext({ viewport });
      const watch: CspWatch = { list: [] };
      open.add(watch);
      await watchCsp(context, watch);
      // Closing the context is where a test learns of its pages' CSP violations.
      const close = context.close.bind(context);
      context.close = async (options) => {
        await close(options);
        open.delete(watch);
        assertNoCspViolations(watch, 'this test\'s pages');
      };
      return context;
    },
    async close() {
      await browser.close();
      const left = [...open].flatMap((w) => w.list);
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
