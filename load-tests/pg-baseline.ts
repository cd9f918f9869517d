/**
 * What PostgreSQL itself manages when every change is its own commit on one hot row: the rate a design with one
 * row-per-lot UPDATE per bid could never exceed. pgbench when installed (a C client: the server's own limit),
 * otherwise a bounded Node loop of concurrent clients. ~5 s either way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface Baseline {
  commitsPerSecond: number;
  method: string;
}

export async function oneRowCommitRate(url: string, clients = 8, seconds = 5): Promise<Baseline> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP TABLE IF EXISTS load_hot_row; CREATE TABLE load_hot_row (id int PRIMARY KEY, n bigint NOT NULL); INSERT INTO load_hot_row VALUES (1, 0)');
  await admin.end();
  try {
    return hasPgbench() ? pgbench(url, clients, seconds) : await nodeLoop(url, clients, seconds);
  } finally {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query('DROP TABLE IF EXISTS load_hot_row');
    await cleanup.end();
  }
}

/**
 * PostgreSQL's own one-row-per-commit rate with the rows spread (one row per lot, each commit updates a random
 * one): no row contention, so this is the WAL flush / group commit and CPU limit of the server on this machine.
 */
export async function spreadRowCommitRate(url: string, rows: number, clients = 64, seconds = 5): Promise<Baseline> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP TABLE IF EXISTS load_spread_rows; CREATE TABLE load_spread_rows (id int PRIMARY KEY, n bigint NOT NULL);
    INSERT INTO load_spread_rows SELECT g, 0 FROM generate_series(1, ${Number(rows)}) g`);
  await admin.end();
  try {
    if (!hasPgbench()) throw new Error('pgbench is needed for the spread baseline (apt-get install postgresql-client)');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-pgbench-'));
    const script = path.join(dir, 'spread.sql');
    fs.writeFileSync(script, `\\set id random(1, ${Number(rows)})\nUPDATE load_spread_rows SET n = n + 1 WHERE id = :id;\n`);
    const run = spawnSync('pgbench', ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, url], {
      encoding: 'utf8',
      timeout: (seconds + 60) * 1000,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    const tps = /tps = ([\d.]+)/.exec(run.stdout ?? '');
    if (!tps) throw new Error(`pgbench failed: ${run.stderr}`);
    return { commitsPerSecond: Number(tps[1]), method: `pgbench, ${clients} clients, ${seconds} s, one UPDATE of a random one of ${rows} rows per transaction` };
  } finally {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query('DROP TABLE IF EXISTS load_spread_rows');
    await cleanup.end();
  }
}

function hasPgbench(): boolean {
  return spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0;
}

function pgbench(url: string, clients: number, seconds: number): Baseline {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wa-pgbench-')), 'hot.sql');
  fs.writeFileSync(script, 'UPDATE load_hot_row SET n = n + 1 WHERE id = 1;\n');
  const run = spawnSync('pgbench', ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, url], {
    encoding: 'utf8',
    timeout: (seconds + 30) * 1000,
  });
  fs.rmSync(path.dirname(script), { recursive: true, force: true });
  const tps = /tps = ([\d.]+)/.exec(run.stdout ?? '');
  if (!tps) throw new Error(`pgbench failed: ${run.stderr}`);
  return { commitsPerSecond: Number(tps[1]), method: `pgbench, ${clients} clients, ${seconds} s, one UPDATE per transaction` };
}

async function nodeLoop(url: string, clients: number, seconds: number): Promise<Baseline> {
  const pool = Array.from({ length: clients }, () => new pg.Client({ connectionString: url }));
  await Promise.all(pool.map((c) => c.connect()));
  const until = performance.now() + seconds * 1000;
  let commits = 0;
  const started = performance.now();
  await Promise.all(
    pool.map(async (client) => {
      // Bounded by time, and by count as a backstop.
      for (let i = 0; i < 1_000_000 && performance.now() < until; i++) {
        await client.query('UPDATE load_hot_row SET n = n + 1 WHERE id = 1');
        commits += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(pool.map((c) => c.end()));
  return { commitsPerSecond: commits / elapsed, method: `Node loop, ${clients} clients, ${seconds} s, one UPDATE per transaction` };
}
