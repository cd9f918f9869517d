/**
 * `npm run bench:passwords`: what one password hash costs on this machine, for the argon2id and scrypt parameter sets
 * OWASP and ASVS 5.0 accept (the current one first, then what the house used before). For each set: ms per hash and hashes/s with 1 and with
 * 2 hashes at once (the thread pool runs them in parallel). Prints the load average too: on a shared machine the
 * numbers move with it; the CPU ms per hash (measured at concurrency 1) hardly does.
 * Settings: PASSWORD_BENCH_ROUNDS (8 hashes per set and concurrency).
 * How to read it: docs/accounts.md, "Password hashing".
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { hashPassword, type HashParams } from '../services/accounts/passwords';

const ROUNDS = Number(process.env.PASSWORD_BENCH_ROUNDS ?? 8);

const CANDIDATES: Array<{ name: string; params: HashParams }> = [
  { name: 'argon2id m=19 MiB t=2 p=1 (now)', params: { algorithm: 'argon2id', m: 19_456, t: 2, p: 1 } },
  { name: 'argon2id m=46 MiB t=1 p=1', params: { algorithm: 'argon2id', m: 47_104, t: 1, p: 1 } },
  { name: 'argon2id m=64 MiB t=3 p=1', params: { algorithm: 'argon2id', m: 65_536, t: 3, p: 1 } },
  { name: 'scrypt N=2^17 r=8 p=1 (128 MiB)', params: { algorithm: 'scrypt', N: 2 ** 17, r: 8, p: 1 } },
  { name: 'scrypt N=2^15 r=8 p=3 (before)', params: { algorithm: 'scrypt', N: 2 ** 15, r: 8, p: 3 } },
  { name: 'scrypt N=2^13 r=8 p=10 (8 MiB)', params: { algorithm: 'scrypt', N: 2 ** 13, r: 8, p: 10 } },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(params: HashParams): Promise<number> {
  const started = performance.now();
  await hashPassword(`Bench!${randomBytes(6).toString('hex')}`, params);
  return performance.now() - started;
}

/** `concurrency` workers share `ROUNDS` hashes; answers the median ms per hash and the hashes per second overall. */
async function measure(params: HashParams, concurrency: number): Promise<{ msPerHash: number; perSecond: number; cpuMsPerHash: number }> {
  const each: number[] = [];
  let left = ROUNDS;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (left-- > 0) each.push(await timed(params));
  }));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  // CPU time (all threads of this process) hardly moves with the machine's load, unlike the wall clock.
  return { msPerHash: median(each), perSecond: each.length / seconds, cpuMsPerHash: (used.user + used.system) / 1000 / each.length };
}

async function main(): Promise<void> {
  console.log(`[bench:passwords] node ${process.version}, ${os.availableParallelism()} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, ${ROUNDS} hashes per row`);
  console.log('parameters                         | CPU ms/hash | c=1 ms/hash | c=1 hashes/s | c=2 ms/hash | c=2 hashes/s');
  for (const { name, params } of CANDIDATES) {
    await timed(params); // warm-up: the first allocation of the block is slower
    const one = await measure(params, 1);
    const two = await measure(params, 2);
    console.log(`${name.padEnd(34)} | ${one.cpuMsPerHash.toFixed(0).padStart(11)} | ${one.msPerHash.toFixed(0).padStart(11)} | ${one.perSecond.toFixed(1).padStart(12)} | ${two.msPerHash.toFixed(0).padStart(11)} | ${two.perSecond.toFixed(1).padStart(12)}`);
  }
  console.log(`[bench:passwords] load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

await main();
