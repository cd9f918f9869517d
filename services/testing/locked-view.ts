/**
 * Fault tests of committed writes (issue #17): a read-model table held locked by another connection while a write
 * commits, so the projections cannot apply it, and the checks of what the write then answers.
 */
import pg from 'pg';
import * as assert from 'uvu/assert';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness';

/** Short while a view is locked (keeps a blocked write fast); long otherwise, so setup and reads see the views. */
export const SHORT_WAIT = 50;
export const LONG_WAIT = 20_000;

/**
 * Runs `write` while another connection holds `table` in ACCESS EXCLUSIVE mode (so no projection can write it),
 * released right after the answer arrives (or after 20 s at the latest).
 */
export async function whileLocked(t: TestApp, table: string, write: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  await client.query('BEGIN');
  await client.query(`LOCK TABLE ${client.escapeIdentifier(table)} IN ACCESS EXCLUSIVE MODE`);
  let released: Promise<void> | null = null;
  const release = () => (released ??= client.query('ROLLBACK').then(() => client.end()));
  const deadline = setTimeout(() => void release(), 20_000);
  t.ctx.config.viewsWaitMs = SHORT_WAIT;
  try {
    return await write();
  } finally {
    clearTimeout(deadline);
    await release();
    t.ctx.config.viewsWaitMs = LONG_WAIT;
  }
}

/** The committed write answered `status` as always, but said the views were behind: its position, for Read-After. */
export function assertCommittedBehind(res: LightMyRequestResponse, status: number): string {
  assert.is(res.statusCode, status, res.body);
  assert.is(res.headers['views-catching-up'], 'true');
  const position = String(res.headers['event-position']);
  assert.match(position, /^\d+:\d+$/);
  return position;
}
