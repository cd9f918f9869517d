/**
 * The lot page's long tasks, and what runs in them (issue #19): a seeded house (STOREFRONT_DATABASE_URL, kept by
 * `STOREFRONT_KEEP=1 npm run bench:storefront`) serves the production build; Chromium loads /product/{id} as a visitor
 * with the CPU slowed LOT_TRACE_CPU times (default 1: Lighthouse's mobile preset observes tasks unthrottled and
 * multiplies them by 4, so a task over 12.5 ms here is one over 50 ms there). Prints each task over LOT_TRACE_MIN_MS
 * with the trace events inside it (Layout, Paint...), the functions that took most of its time and the components it
 * rendered (names are readable in a `--minify false` build), per run (LOT_TRACE_RUNS, default 3); LOT_TRACE_DOM=1 also
 * counts the page's elements by region. The CPU profiler slows the page a little. Not a test: it prints.
 *
 *   STOREFRONT_DATABASE_URL=postgres://... npx tsx load-tests/lot-trace.ts
 */
import { chromium, type CDPSession } from 'playwright-core';
import { CHROME_FLAGS, CHROME_PATH } from './storefront-lighthouse';
import { startSeededHouse } from './storefront-server';

const CPU = Number(process.env.LOT_TRACE_CPU ?? 1);
const MIN_MS = Number(process.env.LOT_TRACE_MIN_MS ?? 10);
const RUNS = Number(process.env.LOT_TRACE_RUNS ?? 3);
const SETTLE_MS = 6000;

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: Record<string, unknown> } }
interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

async function traceOnce(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => f !== '--headless') });
  try {
    const page = await (await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true })).newPage();
    // LOT_TRACE_FONT=<family>: every element in that one font (an experiment: how much of layout is font lookup). The
    // style goes in at DOMContentLoaded, after the module scripts ran: the first render's layout is not affected by it
    // (edit the built CSS for that; docs/benchmarks.md, "Skipping the lot page's lower regions...").
    if (process.env.LOT_TRACE_FONT) await page.addInitScript(`document.addEventListener('DOMContentLoaded', () => { const s = document.createElement('style'); s.textContent = '* { font-family: ${process.env.LOT_TRACE_FONT} !important }'; document.head.append(s); })`);
    const cdp: CDPSession = await page.context().newCDPSession(page);
    if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.stack,v8', transferMode: 'ReportEvents' });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    if (process.env.LOT_TRACE_DOM === '1') {
      // A string, not a function: tsx would name the function with a helper the page does not have.
      console.log(await page.evaluate(`(() => {
        const count = (sel) => [...document.querySelectorAll(sel)].map((el) => sel + ' ' + el.querySelectorAll('*').length).join(', ');
        return ['all ' + document.querySelectorAll('*').length, count('header'), count('footer'), count('.product__top'), count('.lot-details'), count('.product__side > *'), count('.product > section'), count('#root > *:not(header):not(main):not(footer)')].join('\\n  ');
      })()`));
    }
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await cdp.send('Tracing.end');
    await done;
    report(events, profile);
  } finally {
    await browser.close();
  }
}

/** Each long task of the page's main thread: the trace's events inside it, and the CPU profile's samples in it. */
function report(events: TraceEvent[], profile: Profile): void {
  // The page's renderer: of the CrRendererMain threads (about:blank's too), the one that ran the most tasks' time.
  const mains = events.filter((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain');
  const busy = (m: TraceEvent) => events.reduce((sum, e) => sum + (e.name === 'RunTask' && e.pid === m.pid && e.tid === m.tid ? e.dur ?? 0 : 0), 0);
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (!main || (e.pid === main.pid && e.tid === main.tid)) && (e.dur ?? 0) / 1000 >= MIN_MS);
  const all = main ? events.filter((e) => e.name === 'RunTask' && e.pid === main.pid && e.tid === main.tid).reduce((s, e) => s + (e.dur ?? 0), 0) / 1000 : 0;
  console.log(`  main thread: ${all.toFixed(0)} ms in tasks`);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Each sample's time: the profile's start plus the deltas up to it.
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) {
    t += d;
    times.push(t);
  }
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === main?.pid)?.ts ?? tasks[0]?.ts ?? 0;
  let blocking = 0;
  for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
    const ms = task.dur! / 1000;
    blocking += Math.max(0, ms * 4 - 50);
    const inside = events.filter((e) => e.ph === 'X' && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < task.ts + task.dur! && e.name !== 'RunTask' && (e.dur ?? 0) > 1000);
    // A Layout's beginData says how many layout objects it had to lay out (dirty) of the tree's total: a count, unlike
    // its time, that does not move with the machine's load.
    const objects = (e: TraceEvent) => {
      const d = (e.args as { beginData?: { dirtyObjects?: number; totalObjects?: number } } | undefined)?.beginData;
      return e.name === 'Layout' && d?.totalObjects ? ` (${d.dirtyObjects}/${d.totalObjects} objects)` : '';
    };
    const kinds = inside.filter((e) => !e.name.startsWith('V8.')).slice(0, 8).map((e) => `${e.name} ${(e.dur! / 1000).toFixed(1)}${objects(e)}`).join(', ');
    // A layout or style pass forced from script carries the script's stack: who asked.
    const forced: string[] = [];
    for (const e of inside.filter((x) => (x.name === 'Layout' || x.name === 'UpdateLayoutTree') && x.dur! > 3000)) {
      const stack = ((e.args as { beginData?: { stackTrace?: { functionName: string; url: string; lineNumber: number }[] } })?.beginData?.stackTrace ?? []);
      if (stack.length) forced.push(`      forced ${e.name} ${(e.dur! / 1000).toFixed(1)} ms by ${stack.slice(0, 4).map((f) => `${f.functionName}@${f.url.split('/').pop()}:${f.lineNumber}`).join(' < ')}`);
    }
    const self = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      if (times[i] < task.ts || times[i] > task.ts + task.dur!) return;
      const f = byId.get(id)!.callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
    });
    // Components (capitalised names) by the time spent inside them, children included.
    const total = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      if (times[i] < task.ts || times[i] > task.ts + task.dur!) return;
      const seen = new Set<string>();
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
        const name = byId.get(n)!.callFrame.functionName;
        if (/^[A-Z][a-z]\w+$/.test(name) && !seen.has(name)) {
          seen.add(name);
          total.set(name, (total.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
        }
      }
    });
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | ');
    console.log(`  +${((task.ts - nav) / 1000).toFixed(0)} ms: ${ms.toFixed(1)} ms [${kinds}]\n      ${top}`);
    for (const line of forced) console.log(line);
    if (total.size) console.log(`      components: ${[...total].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | ')}`);
  }
  const layout = events.filter((e) => e.name === 'Layout' && e.pid === main?.pid && e.tid === main?.tid).reduce((x, e) => x + (e.dur ?? 0), 0) / 1000;
  const style = events.filter((e) => e.name === 'UpdateLayoutTree' && e.pid === main?.pid && e.tid === main?.tid).reduce((x, e) => x + (e.dur ?? 0), 0) / 1000;
  console.log(`  layout ${layout.toFixed(0)} ms, style ${style.toFixed(0)} ms`);
  console.log(`  tasks >= ${MIN_MS} ms: ${tasks.length}; blocking if x4: ${blocking.toFixed(0)} ms`);
}

async function main(): Promise<void> {
  const db = process.env.STOREFRONT_DATABASE_URL;
  if (!db) throw new Error('STOREFRONT_DATABASE_URL: a house kept by STOREFRONT_KEEP=1 npm run bench:storefront');
  const house = await startSeededHouse(db, console.log);
  try {
    for (let i = 0; i < RUNS; i++) {
      console.log(`run ${i + 1}, CPU x${CPU}:`);
      await traceOnce(`${house.url}/product/${house.liveLotId}`);
    }
  } finally {
    await house.stop();
  }
}

await main();
