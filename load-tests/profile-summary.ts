/**
 * `npx tsx load-tests/profile-summary.ts <file.cpuprofile> [top] [last-seconds]`: where a server's CPU profile
 * (node --cpu-prof, written by LOAD_PROFILE_DIR runs) spent its samples, optionally only its last seconds (the load,
 * not the start-up): by area (our folders, each package, Node internals, GC, idle), by the nearest frame of our own
 * code on the stack (which feature paid for the writev or the GC), the top functions by self time, and the
 * longest stretches the event loop never went idle (what a request arriving then waits behind: the latency tail)
 * with what filled the stretches over 20 ms.
 */
import fs from 'node:fs';
import { toSource, type CallFrame } from './profile-frames';

interface Node { id: number; callFrame: CallFrame; children?: number[]; parent?: Node }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

function area(url: string, name: string): string {
  if (name === '(idle)') return 'idle';
  if (name === '(garbage collector)') return 'GC';
  if (name === '(program)') return 'program (native, unattributed)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `package ${pkg[1]}`;
  const ours = /\/work\/[^/]+\/(domain|services|projections|infra)\/([^/]+)/.exec(url) ?? /\/(domain|services|projections|infra)\/([^/]+)/.exec(url);
  if (ours) return `${ours[1]}/${ours[2].replace(/\.ts$/, '')}`;
  if (url.startsWith('node:')) return 'node internals';
  return url ? 'other' : `native: ${name || '(anonymous)'}`;
}

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
const lastSeconds = Number(process.argv[4] ?? Infinity);
/** Leaves out the profile's last seconds (with last-seconds: a window, e.g. a load test's phase before the last). */
const skipLastSeconds = Number(process.argv[5] ?? 0);
if (!file) {
  console.error('usage: profile-summary.ts <file.cpuprofile> [top] [last-seconds] [skip-last-seconds]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
for (const n of profile.nodes) toSource(n.callFrame);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n;

/** The nearest frame of our own code (domain, services, projections) on the sample's stack, as "folder/file". */
const owner = new Map<number, string>();
function ownerOf(node: Node): string {
  const known = owner.get(node.id);
  if (known) return known;
  let found = 'no frame of ours (Node, libuv callbacks)';
  for (let n: Node | undefined = node; n; n = n.parent) {
    const m = /\/(domain|services|projections|infra)\/(.+?)\.ts/.exec(n.callFrame.url);
    if (m) {
      found = `${m[1]}/${m[2]}`;
      break;
    }
  }
  owner.set(node.id, found);
  return found;
}

const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const areas = new Map<string, number>();
const functions = new Map<string, number>();
const owners = new Map<string, number>();
const inStalls = new Map<string, number>();
const stretches: number[] = [];
const to = profile.endTime - skipLastSeconds * 1e6;
const from = to - lastSeconds * 1e6;
let busySince: number | null = null;
let stretch: string[] = [];
let total = 0;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  if (t < from || t > to) continue;
  total += 1;
  const node = byId.get(profile.samples[i])!;
  const { functionName, url, lineNumber } = node.callFrame;
  const a = area(url, functionName);
  count(areas, a);
  count(functions, `${functionName || '(anonymous)'} ${url.replace(/^.*\/work\/[^/]+\//, '')}:${lineNumber + 1}`);
  if (a === 'idle') {
    if (busySince !== null) {
      const length = (t - busySince) / 1000;
      stretches.push(length);
      if (length > 20) for (const o of stretch) count(inStalls, o);
    }
    busySince = null;
    stretch = [];
  } else {
    if (busySince === null) busySince = t;
    const o = a === 'GC' ? 'GC' : ownerOf(node);
    count(owners, o);
    stretch.push(o);
  }
}
const pct = (n: number, of = total) => `${((100 * n) / of).toFixed(1)}%`.padStart(6);
const print = (title: string, map: Map<string, number>, of = total) => {
  console.log(`\n${title}`);
  for (const [k, n] of [...map].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`${pct(n, of)}  ${k}`);
};
console.log(`${file}: ${total} samples over ${Math.min(lastSeconds, (profile.endTime - profile.startTime) / 1e6).toFixed(1)} s`);
print('By area (self):', areas);
print('By nearest frame of our code (busy samples):', owners);
print('Top functions (self):', functions);
stretches.sort((a, b) => b - a);
const stalled = [...inStalls.values()].reduce((a, b) => a + b, 0);
console.log(`\nBusy stretches (event loop never idle): ${stretches.length}, longest ${stretches.slice(0, 5).map((x) => x.toFixed(1)).join(' / ')} ms, ` +
  `median ${(stretches[Math.floor(stretches.length / 2)] ?? NaN).toFixed(2)} ms; ${stretches.filter((x) => x > 20).length} over 20 ms`);
if (stalled > 0) print('What filled the stretches over 20 ms (share of their samples):', inStalls, stalled);
