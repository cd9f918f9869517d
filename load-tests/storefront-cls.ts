/**
 * Cumulative layout shift of the storefront's pages, measured in the page as web-vitals does: a PerformanceObserver
 * on `layout-shift` entries (buffered, so shifts before the script ran count), those right after an input left out,
 * grouped in session windows (a gap under 1 s, at most 5 s long); CLS is the worst window. Each page is loaded twice:
 * straight over loopback, and with the network throttled (phones 150 ms and 1.6 Mbit/s, desktops 40 ms and
 * 10 Mbit/s); which parts arrive before the first paint differs, and so do the shifts. The total of all shifts
 * is printed too, and with STOREFRONT_VERBOSE=1 the elements that moved most (to find what to fix).
 */
import type { Browser, Page } from 'playwright-core';

export interface ClsResult { cls: number; total: number; culprits: string[] }

type Shift = { value: number; time: number; sources: string[] };

/**
 * Installed before any page script: records every layout shift with the elements that moved. A string, not a
 * function: tsx (esbuild keepNames) would wrap a function's inner functions in a `__name` helper the page lacks.
 */
const OBSERVER = `
  window.__shifts = [];
  const describe = (node) => {
    if (!node || !(node instanceof Element)) return node ? node.nodeName : '?';
    const cls = typeof node.className === 'string' && node.className.trim() ? '.' + node.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
    return node.tagName.toLowerCase() + cls;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({ value: entry.value, time: entry.startTime, sources: (entry.sources || []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

function sessionWindowCls(shifts: Array<{ value: number; time: number }>): number {
  let worst = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.time - last > 1000 || s.time - first > 5000) {
      current = 0;
      first = s.time;
    }
    current += s.value;
    last = s.time;
    worst = Math.max(worst, current);
  }
  return worst;
}

/**
 * Opens `url` in a fresh context `width` wide, waits until the page has loaded and settled (network idle, the
 * page's loader gone, then `settleMs` more for late images and live updates), runs `act` if given (a modal to
 * open), and answers the page's CLS.
 */
export async function measureCls(browser: Browser, url: string, width: number, options: { act?: (page: Page) => Promise<void>; settleMs?: number; before?: (page: Page) => Promise<void>; throttle?: boolean } = {}): Promise<ClsResult> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    if (options.before) await options.before(page);
    // A real network's delays, as Lighthouse's presets assume: without them everything arrives before the first paint
    // on loopback and nothing can be seen to move (phones: slow 4G; desktops: fast 4G).
    const cdp = options.throttle ? await context.newCDPSession(page) : null;
    await cdp?.send('Network.enable');
    await cdp?.send('Network.emulateNetworkConditions', width < 600
      ? { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8) }
      : { offline: false, latency: 40, downloadThroughput: (10e6 / 8), uploadThroughput: (10e6 / 8) });
    await page.addInitScript({ content: OBSERVER });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.waitForFunction(() => !document.querySelector('.page-loader, .skeleton, [aria-busy="true"]'), undefined, { timeout: 30_000 }).catch(() => {});
    if (options.act) await options.act(page);
    await page.waitForTimeout(options.settleMs ?? 1500);
    const shifts = await page.evaluate(() => ((window as unknown as { __shifts?: Shift[] }).__shifts ?? []));
    const byElement = new Map<string, number>();
    for (const s of shifts) for (const src of s.sources) byElement.set(src, (byElement.get(src) ?? 0) + s.value);
    const culprits = [...byElement].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([el, v]) => `${el} ${v.toFixed(3)}`);
    return { cls: sessionWindowCls(shifts), total: shifts.reduce((a, s) => a + s.value, 0), culprits };
  } finally {
    await context.close();
  }
}
