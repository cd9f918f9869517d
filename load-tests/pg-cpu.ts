/**
 * CPU used by the PostgreSQL backends serving the load database (when PostgreSQL runs on this machine: their
 * /proc entries are readable). Sampled before and after the run; backends that appeared in between count whole.
 */
import pg from 'pg';
import { cpuSecondsOf } from './server';

type PgCpuSample = Map<number, number>;

export async function samplePgCpu(url: string): Promise<PgCpuSample> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    return new Map(rows.map((r) => [r.pid, cpuSecondsOf(r.pid)]));
  } finally {
    await client.end();
  }
}

export function pgCpuBetween(before: PgCpuSample, after: PgCpuSample): number {
  let total = 0;
  for (const [pid, seconds] of after) if (Number.isFinite(seconds)) total += seconds - (before.get(pid) ?? 0);
  return total;
}
