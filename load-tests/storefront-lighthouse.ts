/**
 * Lighthouse (npm `lighthouse` 12, its Node API) on Debian's Chromium started by chrome-launcher (Lighthouse's own
 * launcher) with the house's browser flags and a fresh profile per run. Mobile is Lighthouse's default preset
 * (Moto G Power, simulated slow 4G and a 4x slower CPU); desktop its desktop preset. Each answer carries Lighthouse's
 * own benchmarkIndex: how fast this machine's CPU was during the run (higher is faster).
 */
import lighthouse, { desktopConfig } from 'lighthouse';
import { launch } from 'chrome-launcher';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface LighthouseResult {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  benchmarkIndex: number;
  /** The audits that cost the most score, for finding what to fix (STOREFRONT_VERBOSE=1). */
  hints: string[];
}

/** The presets' simulated network and CPU (Lighthouse's mobileSlow4G and desktopDense4G). */
const THROTTLING = {
  mobile: { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675, cpuSlowdownMultiplier: 4 },
  desktop: { rttMs: 40, throughputKbps: 10240, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0, cpuSlowdownMultiplier: 1 },
};

/**
 * The presets assume the machine running Lighthouse is a typical desktop (benchmarkIndex about 1500, Lighthouse's
 * throttling guide). A shared, busy machine is several times slower: `calibrateTo` (the benchmarkIndex of an earlier
 * run here) scales the simulated CPU slowdown by benchmarkIndex / 1500, so the preset's device is simulated as
 * meant instead of on top of this machine's slowness. The network simulation is unchanged.
 */
const REFERENCE_BENCHMARK_INDEX = 1500;

export async function runLighthouse(url: string, preset: 'mobile' | 'desktop', calibrateTo?: number): Promise<LighthouseResult> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const base = THROTTLING[preset];
    const throttling = calibrateTo ? { ...base, cpuSlowdownMultiplier: base.cpuSlowdownMultiplier * (calibrateTo / REFERENCE_BENCHMARK_INDEX) } : undefined;
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'], ...(throttling ? { throttling } : {}) };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    // STOREFRONT_LH_SAVE=<folder>: every report's JSON, for reading the LCP phases and the request chain afterwards.
    if (process.env.STOREFRONT_LH_SAVE) saveReport(process.env.STOREFRONT_LH_SAVE, url, preset, lhr);
    const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    const hints = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && (a.details?.type === 'opportunity' || a.id.includes('long-tasks') || a.id === 'layout-shifts' || a.id === 'bootup-time' || a.id === 'largest-contentful-paint-element'))
      .map((a) => `${a.id}: ${a.displayValue ?? ''}`);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: num('largest-contentful-paint'),
      cls: num('cumulative-layout-shift'),
      tbtMs: num('total-blocking-time'),
      fcpMs: num('first-contentful-paint'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      hints,
    };
  } finally {
    chrome.kill();
  }
}

function saveReport(folder: string, url: string, preset: string, lhr: object): void {
  mkdirSync(folder, { recursive: true });
  const page = new URL(url).pathname.split('/').filter(Boolean)[0] ?? 'home';
  writeFileSync(join(folder, `${page}-${preset}-${Date.now()}.json`), JSON.stringify(lhr));
}
