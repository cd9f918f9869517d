// One password-hashing thread (hash-threads.ts starts it). Plain JavaScript: worker threads do not get tsx's loader.
// It first lowers its own scheduling priority, so on a busy machine the event loops (bids, pages) and PostgreSQL run
// first and hashing takes what is left; then it runs the slow primitives synchronously, one job at a time, on this
// thread. Formats and decisions stay in passwords.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { scryptSync } from 'node:crypto';
import { hashSync, verifySync } from '@node-rs/argon2';

/** Linux: a thread's own id is the last part of /proc/thread-self; setpriority on it touches this thread alone. */
function lowerPriority(nice) {
  if (!(nice > 0)) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // Not Linux (or no /proc): the thread keeps the process's priority; the queue in front still bounds the work.
  }
}

const run = {
  argon2Hash: (job) => hashSync(job.password, { ...job.options, salt: Buffer.from(job.options.salt) }),
  argon2Verify: (job) => verifySync(job.stored, job.password),
  scrypt: (job) => scryptSync(job.password, Buffer.from(job.salt), job.keyLength, job.options),
};

lowerPriority(Number(workerData?.nice ?? 0));

parentPort.on('message', (job) => {
  try {
    parentPort.postMessage({ id: job.id, value: run[job.op](job) });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
