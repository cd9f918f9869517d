/**
 * `LOAD_PROCESSES` for the load runners: the server's process counts to run (`1`, `2`, or `1,2` for both, one after
 * the other, each on a fresh database), the CPU per server process, and the figures of each side by side.
 */
import os from 'node:os';
import { cpuBetween, type CpuSample } from './server';

/** `LOAD_PROCESSES=1,2` -> [1, 2]; default [1]. */
export function loadProcesses(value = process.env.LOAD_PROCESSES): number[] {
  const counts = (value ?? '1').split(',').map((s) => s.trim()).filter(Boolean).map(Number);
  if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1 || n > 16)) {
    throw new Error(`LOAD_PROCESSES must be a list of process counts from 1 to 16, e.g. 1,2 (got ${value})`);
  }
  return counts;
}

/** Cores busy per server process over `seconds`: the process started first (the primary with several), then the rest. */
export function coresPerProcess(before: CpuSample, after: CpuSample, seconds: number): number[] {
  return cpuBetween(before, after).map((s) => s / seconds);
}

/** "0.93" for one process; "1.41 = primary 0.01 + workers 0.71, 0.69" for several. */
export function describeServerCores(perProcess: number[]): string {
  const total = perProcess.reduce((a, b) => a + b, 0);
  if (perProcess.length <= 1) return total.toFixed(2);
  const [primary, ...workers] = perProcess;
  return `${total.toFixed(2)} = primary ${primary.toFixed(2)} + workers ${workers.map((w) => w.toFixed(2)).join(', ')}`;
}

export interface Column {
  processes: number;
  ok: boolean;
  figures: Array<[string, string]>;
}

export const loadAverage = (): string => os.loadavg().map((x) => x.toFixed(2)).join(' ');

/** The load average (1, 5, 15 min) as a figure: other processes share the machine. */
export function loadAverageFigure(before: string): [string, string] {
  return ['load average before / after', `${before} / ${loadAverage()}`];
}

/** One Markdown table: a row per figure, a column per process count (for docs/benchmarks.md). */
export function printSideBySide(title: string, columns: Column[]): void {
  if (columns.length === 0) return;
  const label = (n: number) => `${n} process${n === 1 ? '' : 'es'}`;
  console.log('');
  console.log(title);
  console.log('');
  console.log(`| figure | ${columns.map((c) => label(c.processes)).join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---').join('|')}|`);
  for (const [i, [name]] of columns[0].figures.entries()) {
    console.log(`| ${name} | ${columns.map((c) => c.figures[i]?.[1] ?? '').join(' | ')} |`);
  }
  console.log(`| audit | ${columns.map((c) => (c.ok ? 'PASS' : 'FAIL')).join(' | ')} |`);
}
