/**
 * GET /ready (docs/operations.md): 200 when the database answers, every migration is applied and the projections are
 * within READY_MAX_LAG_SECONDS of the feed; 503 with the reason otherwise. The projection runner is driven by hand
 * here (no background workers), so "held back" is a state the test makes, not a race.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../services/testing/harness';

let t: TestApp;

test.before(async () => {
  t = await startTestApp({ workers: false, config: { readyMaxLagSeconds: 0.2 } });
});

test.after(async () => {
  await t.close();
});

const ready = () => t.app.inject({ method: 'GET', url: '/ready' });

/** Asks again until the answer has the status (a state reached, never a fixed wait); fails after 20 s. */
async function until(status: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await ready();
    if (res.statusCode === status || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('caught up: 200; /health stays the plain liveness answer', async () => {
  await t.ctx.projections.catchUp();
  const res = await ready();
  assert.is(res.statusCode, 200, res.body);
  assert.is(res.json().status, 'ready');
  assert.is(res.headers['cache-control'], 'no-store');
  assert.is((await t.app.inject({ method: 'GET', url: '/health' })).json().status, 'ok');
});

test('a projection held back past the threshold: 503 naming it, 200 again once it caught up', async () => {
  await t.ctx.store.append(`readiness-${randomUUID()}`, 'any', [{ event_id: randomUUID(), type: 'ReadinessProbed', data: {} }]);
  const held = await until(503);
  assert.is(held.statusCode, 503, held.body);
  const body = held.json();
  assert.is(body.status, 'unavailable');
  assert.match(body.reason, /^projections: \d+ behind the feed by more than 0\.2 s \(/);
  assert.match(body.reason, /[a-z_-]+: 1 event, [\d.]+ s/);
  await t.ctx.projections.catchUp();
  assert.is((await ready()).statusCode, 200);
});

test('a migration not applied: 503 naming it', async () => {
  const { rows } = await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(t.ctx.db);
  await sql`DELETE FROM kysely_migration WHERE name = ${rows[0].name}`.execute(t.ctx.db);
  try {
    const res = await ready();
    assert.is(res.statusCode, 503);
    assert.is(res.json().reason, `migrations: 1 not applied (${rows[0].name})`);
  } finally {
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${rows[0].name}, ${rows[0].timestamp})`.execute(t.ctx.db);
  }
  assert.is((await ready()).statusCode, 200);
});

test('the database gone: 503 "database: not answering", and nothing about it leaks into the answer', async () => {
  await t.database.drop();
  const res = await ready();
  assert.is(res.statusCode, 503);
  assert.equal(res.json(), { status: 'unavailable', reason: 'database: not answering' });
});

test.run();
