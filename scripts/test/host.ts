/**
 * A test host: one Node process (with tsx) that runs test files one after another, as scripts/test/pool.ts sends them
 * over IPC. Loading the app through tsx's loader costs 2-3 s per process on this machine and the tests of a file often
 * less; a host pays it once for many files. Each file still gets its own database, app and browser contexts (the
 * harness makes them per file), runs alone in the process, and is reported on its own.
 *
 * What a file could leave behind for the next is put back after it: process.env, changed globals (a test that
 * replaces `fetch`), process.exitCode. Errors nothing caught while a file runs fail that file, as they would have
 * ended its own process.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// uvu decides at load whether it runs suites itself (a timer after test.run()) or leaves that to a runner: this host.
(globalThis as { UVU_DEFER?: number }).UVU_DEFER = 1;
const uvu = await import('uvu');

interface HostRequest { type: 'run'; file: string }
export interface HostResult { type: 'done'; file: string; output: string; code: number; ms: number; rss: number }

type Write = typeof process.stdout.write;
let sink: string[] | null = null;
/** Errors that escaped a file after it was reported: the next file carries them, so they are never lost. */
const stray: string[] = [];
let escaped = false;

function capture(stream: NodeJS.WriteStream): void {
  const original = stream.write.bind(stream) as Write;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    if (!sink) return original(chunk as string, ...(rest as []));
    sink.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString());
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as Write;
}

function escapedError(kind: string) {
  return (error: unknown) => {
    const text = `${kind}: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`;
    if (sink) { sink.push(text); escaped = true; } else stray.push(text);
  };
}

/** Globals as they were before a file; a file that replaced one (fetch, say) gets the original back afterwards. */
function snapshotGlobals(): () => void {
  const before = Object.getOwnPropertyDescriptors(globalThis);
  return () => {
    const now = Object.getOwnPropertyDescriptors(globalThis);
    for (const [key, was] of Object.entries(before)) {
      const is = now[key];
      if (is && is.value === was.value && is.get === was.get && is.set === was.set) continue;
      if (is && !is.configurable) continue;
      Object.defineProperty(globalThis, key, was);
    }
  };
}

function restoreEnv(saved: NodeJS.ProcessEnv): void {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
}

async function runFile(file: string): Promise<HostResult> {
  const started = performance.now();
  const env = { ...process.env };
  const restoreGlobals = snapshotGlobals();
  sink = stray.length ? [`errors after the previous file was reported:\n${stray.splice(0).join('')}`] : [];
  escaped = sink.length > 0;
  process.exitCode = 0;
  const g = globalThis as { UVU_QUEUE?: unknown[][]; UVU_INDEX?: number };
  g.UVU_QUEUE = [[null]];
  g.UVU_INDEX = 0;
  let failed = false;
  try {
    await import(pathToFileURL(path.resolve(file)).href);
    await uvu.exec();
    // Node reports a rejection nothing handled after the microtasks of its turn: let it land in this file's output.
    await new Promise((resolve) => setImmediate(resolve));
  } catch (error) {
    // A `before` hook that threw (uvu lets it through) or a file that failed to load.
    failed = true;
    escapedError('error')(error);
  }
  const code = failed || escaped || (process.exitCode ?? 0) !== 0 ? 1 : 0;
  const output = sink.join('');
  sink = null;
  process.exitCode = 0;
  restoreGlobals();
  restoreEnv(env);
  return { type: 'done', file, output, code, ms: performance.now() - started, rss: process.memoryUsage().rss };
}

capture(process.stdout);
capture(process.stderr);
process.on('uncaughtException', escapedError('uncaught exception'));
process.on('unhandledRejection', escapedError('unhandled rejection'));

let sharedBrowserUsed = false;
process.on('message', async (message: HostRequest | { type: 'exit' }) => {
  if (message.type === 'run') {
    if (message.file.includes('.browser.')) sharedBrowserUsed = true;
    process.send!(await runFile(message.file));
    return;
  }
  if (sharedBrowserUsed) await (await import('../../services/testing/browser')).closeSharedBrowser().catch(() => undefined);
  // Exit whatever handles a file left open: they are no file's concern once every file has been reported.
  process.exit(0);
});
process.send!({ type: 'ready' });
