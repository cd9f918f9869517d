/**
 * Runs test files on a few long-lived test hosts (scripts/test/host.ts), `concurrency` at a time, at most
 * `browserConcurrency` of them browser files. A host that dies fails the file it was running (with what it printed)
 * and is replaced; a host is also replaced once it has grown past MAX_RSS, so memory a file keeps cannot pile up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { HostResult } from './host';
import { isBrowserFile, parseUvu, type FileResult } from './files';

const HOST = path.resolve('scripts/test/host.ts');
const MAX_RSS = 1_500_000_000;

interface PoolOptions {
  concurrency: number;
  browserConcurrency: number;
  env: NodeJS.ProcessEnv;
  /** Files that get a host of their own (one process for the file alone). */
  isolated: (file: string) => boolean;
  onResult: (result: FileResult) => void;
}

interface Host { child: ChildProcess; ready: Promise<boolean>; output: string }

function startHost(env: NodeJS.ProcessEnv): Host {
  const flags = process.env.TEST_HOST_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', HOST], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const host: Host = { child, output: '', ready: Promise.resolve(false) };
  // What the host prints outside a file (its own start-up, a dying process) is kept for a crash report.
  const keep = (d: Buffer) => { host.output = (host.output + d).slice(-64_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  host.ready = new Promise((resolve) => {
    child.once('message', () => resolve(true));
    child.once('exit', () => resolve(false));
  });
  return host;
}

/** Sends one file; resolves with the host's report, or with a failure when the host exits first. */
function runOn(host: Host, file: string): Promise<HostResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    const done = (result: HostResult) => {
      host.child.off('message', onMessage);
      host.child.off('exit', onExit);
      resolve(result);
    };
    const onMessage = (m: HostResult) => { if (m.type === 'done' && m.file === file) done(m); };
    const onExit = (code: number | null, signal: string | null) => done({
      type: 'done', file, code: 1, ms: Date.now() - started, rss: 0,
      output: `${host.output}\ntest process ended while running this file (exit ${code ?? signal})\n`,
    });
    host.child.on('message', onMessage);
    host.child.on('exit', onExit);
    host.child.send({ type: 'run', file });
  });
}

async function stopHost(host: Host): Promise<void> {
  if (host.child.exitCode !== null || host.child.signalCode !== null) return;
  const exited = new Promise((r) => host.child.once('exit', r));
  host.child.send({ type: 'exit' });
  await exited;
}

export async function runPool(files: string[], options: PoolOptions): Promise<void> {
  const queue = [...files];
  let browsersRunning = 0;
  /** Workers waiting for a browser slot: the only files left are browser files and all slots are taken. */
  let waiting: (() => void)[] = [];
  const take = (): string | undefined => {
    const index = queue.findIndex((f) => !isBrowserFile(f) || browsersRunning < options.browserConcurrency);
    return index < 0 ? undefined : queue.splice(index, 1)[0];
  };
  const worker = async () => {
    let host: Host | null = null;
    let rss = 0;
    while (queue.length > 0) {
      const file = take();
      if (!file) { await new Promise<void>((r) => waiting.push(r)); continue; }
      const browser = isBrowserFile(file);
      if (browser) browsersRunning++;
      const alone = options.isolated(file);
      if (host && (alone || rss > MAX_RSS)) { await stopHost(host); host = null; }
      host ??= startHost({ ...options.env, TEST_SHARED_BROWSER: '1' });
      const result = (await host.ready) ? await runOn(host, file) : {
        type: 'done' as const, file, code: 1, ms: 0, rss: 0, output: `test process did not start:\n${host.output}` };
      if (browser) {
        browsersRunning--;
        const wake = waiting;
        waiting = [];
        for (const w of wake) w();
      }
      rss = result.rss;
      options.onResult({ file, ...parseUvu(result.output, result.code), output: result.output, ms: result.ms });
      // A host that ran a file alone or died is not used again.
      if (alone || result.rss === 0) { await stopHost(host); host = null; }
    }
    if (host) await stopHost(host);
    // Nothing left: release the workers still waiting for a slot.
    for (const w of waiting.splice(0)) w();
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
}
