/**
 * What PostgreSQL did during a measured window: commits/s of the load database (pg_stat_database), and where its
 * busy backends were waiting (pg_stat_activity sampled every 100 ms: pg_stat_statements is not loaded on this
 * server, and wait events need no restart). The sampler is one connection and one small query per sample.
 */
import pg from 'pg';

export interface PgWindow {
  commitsPerSecond: number;
  rollbacksPerSecond: number;
  /** "type:event" (or "CPU" when running) -> share of active-backend samples. */
  waits: Array<[string, number]>;
  activeBackends: number;
}

export async function watchPostgres(url: string): Promise<{ stop(): Promise<PgWindow> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counters = async () => {
    const { rows } = await client.query<{ c: string; r: string }>(
      'SELECT xact_commit::text AS c, xact_rollback::text AS r FROM pg_stat_database WHERE datname = current_database()',
    );
    return { commits: Number(rows[0].c), rollbacks: Number(rows[0].r), at: Date.now() };
  };
  const before = await counters();
  const waits = new Map<string, number>();
  let samples = 0;
  let active = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ w: string }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS w FROM pg_stat_activity
         WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      samples += 1;
      for (const { w } of rows) {
        active += 1;
        waits.set(w, (waits.get(w) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      const after = await counters();
      await client.end();
      const seconds = (after.at - before.at) / 1000;
      const total = Math.max(1, active);
      return {
        // The sampler's own queries are autocommit transactions too: take them out.
        commitsPerSecond: (after.commits - before.commits - samples - 1) / seconds,
        rollbacksPerSecond: (after.rollbacks - before.rollbacks) / seconds,
        waits: [...waits.entries()].sort((a, b) => b[1] - a[1]).map(([w, n]) => [w, n / total] as [string, number]),
        activeBackends: active / Math.max(1, samples),
      };
    },
  };
}
