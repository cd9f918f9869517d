import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { ANSWER_NOT_PREPARED, CARRIED_OUT, installIdempotencyKeys, KEY_IN_FLIGHT, KEY_REUSED } from './idempotency-keys';
import { installErrorHandler } from './errors';
import { keyDigest } from '../commands/idempotent-run';
import { verifyIdempotency } from '../../services/audit/idempotency-verify';
import { RuleBroken } from '../../domain/shared/errors';

let t: TestApp;
let app: FastifyInstance;
let runs = 0;
let gate: Promise<void> | null = null;
/** What goes wrong after the effect committed: nothing, a fault building the answer, or the database gone (57P01). */
let failAfterAppend: false | 'fault' | 'database' = false;

function failure(): Error {
  if (failAfterAppend === 'database') return Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  return new Error('the answer could not be built');
}

/** A route that appends one event per run (its effect), as the house's writes do. */
async function testApp(): Promise<FastifyInstance> {
  const a = Fastify();
  a.decorateRequest('user', null);
  a.addHook('onRequest', async (request) => {
    const id = request.headers['x-user'];
    request.user = typeof id === 'string' ? ({ id, is_staff: false, session_id: 's' } as unknown as typeof request.user) : null;
  });
  installErrorHandler(a);
  installIdempotencyKeys(a, t.ctx);
  a.post<{ Body: { amount?: string; refuse?: boolean } }>('/api/things/', async (request, reply) => {
    if (request.body?.refuse) throw new RuleBroken('Not now.');
    runs++;
    if (gate) await gate;
    const id = randomUUID();
    await t.ctx.store.append(`thing-${id}`, 'no_stream', [{ event_id: randomUUID(), type: 'ThingMade', data: { id } }]);
    if (failAfterAppend) throw failure();
    return reply.status(201).send({ id, amount: request.body?.amount ?? null, runs });
  });
  // A route that resumes: its retry carries the request on (ids from the key), so a failure is answered as one.
  a.post<{ Body: { amount?: string } }>('/api/resumes/', { config: { idempotency: 'resumable' } }, async (request) => {
    runs++;
    const stream = `thing-${request.headers['idempotency-key']}`;
    if ((await t.ctx.store.readStream(stream)).length === 0) await t.ctx.store.append(stream, 'no_stream', [{ event_id: randomUUID(), type: 'ThingMade', data: {} }]);
    if (failAfterAppend) throw failure();
    return { done: true, runs };
  });
  a.post('/api/boom/', async () => { runs++; throw new Error('before any effect'); });
  // A card declined: its failed payment is stored, and the answer is a refusal.
  a.post<{ Body: { card: string } }>('/api/declines/', async (request) => {
    runs++;
    await t.ctx.store.append(`payment-${randomUUID()}`, 'no_stream', [{ event_id: randomUUID(), type: 'ThingMade', data: { card: request.body.card } }]);
    if (request.body.card === 'bad') throw new RuleBroken('Your card was declined.');
    return { paid: true };
  });
  a.post('/api/auth/sign-in/', async () => ({ access: `token-${++runs}` }));
  await a.ready();
  return a;
}

test.before(async () => {
  t = await startTestApp({ workers: false });
  app = await testApp();
});
test.after(async () => {
  await app.close();
  await t.close();
});
test.before.each(() => {
  runs = 0;
  gate = null;
  failAfterAppend = false;
});

const post = (key: string | undefined, body: unknown, user = 'u1', url = '/api/things/') =>
  app.inject({ method: 'POST', url, payload: body as object, headers: { 'x-user': user, ...(key ? { 'idempotency-key': key } : {}) } });

const effects = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events WHERE type = 'ThingMade'`.execute(t.ctx.db)).rows[0].n);

test('without a key the work simply runs each time', async () => {
  const before = await effects();
  await post(undefined, { amount: '1.00' });
  await post(undefined, { amount: '1.00' });
  assert.is(runs, 2);
  assert.is(await effects(), before + 2);
});

test('a retry with the same key replays the first answer byte for byte and does not run again', async () => {
  const first = await post('k-1', { amount: '10.00', b: [1, 2] });
  const again = await post('k-1', { b: [1, 2], amount: '10.00' });
  assert.is(first.statusCode, 201);
  assert.is(again.statusCode, 201);
  assert.is(again.body, first.body, 'same bytes; the same body in another key order is the same request');
  assert.is(again.headers['idempotent-replayed'], 'true');
  assert.is(again.headers['content-type'], first.headers['content-type']);
  assert.is(runs, 1);
});

test('keys are per caller; the same key for another request is a conflict', async () => {
  await post('k-2', { amount: '1.00' }, 'u1');
  const other = await post('k-2', { amount: '1.00' }, 'u2');
  assert.is(other.headers['idempotent-replayed'], undefined, 'another user may use the same key');
  const changed = await post('k-2', { amount: '2.00' }, 'u1');
  assert.is(changed.statusCode, 409);
  assert.is(changed.json().detail, KEY_REUSED);
  assert.is(runs, 2);
});

test('a refused request stores nothing: the same key can be sent again and runs once', async () => {
  const refused = await post('k-3', { refuse: true });
  assert.is(refused.statusCode, 400);
  const { rows } = await sql`SELECT 1 FROM idempotency_keys WHERE key = 'k-3'`.execute(t.ctx.db);
  assert.is(rows.length, 0);
  // A refusal is for that body; the key may carry a corrected request.
  const second = await post('k-3', { amount: '3.00' });
  assert.is(second.statusCode, 201);
  assert.is(runs, 1);
});

test('a failure before any effect releases the key: the retry runs once', async () => {
  const failed = await post('k-5', {}, 'u1', '/api/boom/');
  assert.is(failed.statusCode, 500);
  const { rows } = await sql`SELECT 1 FROM idempotency_keys WHERE key = 'k-5'`.execute(t.ctx.db);
  assert.is(rows.length, 0);
});

test('eight concurrent requests with one key: one effect, and all get the same bytes', async () => {
  const before = await effects();
  let open!: () => void;
  gate = new Promise((r) => (open = r));
  const answers = Promise.all(Array.from({ length: 8 }, () => post('k-4', { amount: '5.00' })));
  setTimeout(() => open(), 100);
  const all = await answers;
  assert.is(runs, 1);
  assert.is(await effects(), before + 1);
  assert.ok(all.every((a) => a.statusCode === 201 && a.body === all[0].body));
  assert.is(all.filter((a) => a.headers['idempotent-replayed'] === undefined).length, 1);
});

for (const what of ['fault', 'database'] as const) {
  test(`an effect that committed, then a ${what} before its answer: a success saying so, and never run again`, async () => {
    failAfterAppend = what;
    const before = await effects();
    const first = await post(`k-6-${what}`, { amount: '6.00' });
    assert.equal([first.statusCode, first.json().detail, first.headers['idempotent-carried-out']], [200, ANSWER_NOT_PREPARED, 'true'], 'not a 500 or a 503');
    failAfterAppend = false;
    const retry = await post(`k-6-${what}`, { amount: '6.00' });
    assert.equal([retry.statusCode, retry.body, retry.headers['idempotent-carried-out']], [200, first.body, 'true'], 'the same answer, kept');
    assert.is(runs, 1);
    assert.is(await effects(), before + 1);
  });
}

test('a route that resumes answers its failure after a commit as one: the retry carries the request on, once', async () => {
  failAfterAppend = 'database';
  const before = await effects();
  const first = await post('k-resume', {}, 'u1', '/api/resumes/');
  assert.is(first.statusCode, 503);
  failAfterAppend = false;
  const retry = await post('k-resume', {}, 'u1', '/api/resumes/');
  assert.equal([retry.statusCode, retry.json()], [200, { done: true, runs: 2 }]);
  assert.is(await effects(), before + 1, 'its effect once');
});

test('the database gone as the answer is kept: the committed success is still answered, and never run again', async () => {
  // The answer's store fails as it does when PostgreSQL shuts down (57P01), after the effect committed.
  await sql`CREATE FUNCTION refuse_answer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01'; END $$`.execute(t.ctx.db);
  await sql`CREATE TRIGGER refuse_answer BEFORE UPDATE ON idempotency_keys FOR EACH ROW
    WHEN (NEW.key = 'k-gone' AND NEW.status IS NOT NULL) EXECUTE FUNCTION refuse_answer()`.execute(t.ctx.db);
  const before = await effects();
  try {
    const first = await post('k-gone', { amount: '7.00' });
    assert.is(first.statusCode, 201, 'the effect committed: its answer is a success, not a 503');
    assert.is(first.json().amount, '7.00');
  } finally {
    await sql`DROP TRIGGER refuse_answer ON idempotency_keys`.execute(t.ctx.db);
    await sql`DROP FUNCTION refuse_answer()`.execute(t.ctx.db);
  }
  // The key stays held until its lease runs out (here: at once); the retry then says the request was carried out.
  await sql`UPDATE idempotency_keys SET lease_until = clock_timestamp() - interval '1 second' WHERE key = 'k-gone'`.execute(t.ctx.db);
  const retry = await post('k-gone', { amount: '7.00' });
  assert.is(retry.statusCode, 200);
  assert.is(retry.json().detail, CARRIED_OUT);
  assert.is(runs, 1);
  assert.is(await effects(), before + 1);
});

test('the events of a keyed run carry the key digest and the run', async () => {
  await post('k-7', { amount: '7.00' });
  const { rows } = await sql<{ metadata: Record<string, string> }>`
    SELECT metadata FROM events WHERE type = 'ThingMade' ORDER BY position DESC LIMIT 1`.execute(t.ctx.db);
  const { rows: key } = await sql<{ effect_execution: string; request_hash: string }>`
    SELECT effect_execution::text, request_hash FROM idempotency_keys WHERE key = 'k-7'`.execute(t.ctx.db);
  assert.is(rows[0].metadata.idempotency_key, keyDigest('u1', 'k-7', key[0].request_hash));
  assert.is(rows[0].metadata.idempotency_execution, key[0].effect_execution);
  // The audit finds the key's events from its row: a row naming another run is a difference.
  assert.equal((await verifyIdempotency(null, t.ctx.db)).differences, []);
  await sql`UPDATE idempotency_keys SET effect_execution = ${randomUUID()}::uuid WHERE key = 'k-7'`.execute(t.ctx.db);
  const audit = await verifyIdempotency(null, t.ctx.db);
  await sql`UPDATE idempotency_keys SET effect_execution = ${key[0].effect_execution}::uuid WHERE key = 'k-7'`.execute(t.ctx.db);
  assert.is(audit.differences.length, 1);
  assert.is(audit.differences[0].field, 'effect_execution');
});

/** A reservation left by a process that died (its lease ran out), with or without a committed effect. */
async function deadReservation(key: string, effect: boolean): Promise<void> {
  const first = await post(key, { amount: '8.00' });
  assert.is(first.statusCode, 201);
  await sql`UPDATE idempotency_keys SET status = NULL, raw_answer = NULL, answer_encoding = NULL, execution = ${randomUUID()}::uuid,
    lease_until = clock_timestamp() - interval '1 second', effect_execution = ${effect ? randomUUID() : null}::uuid WHERE key = ${key}`.execute(t.ctx.db);
  runs = 0;
}

test('a dead run without an effect: the retry takes the key over and runs once', async () => {
  await deadReservation('k-8', false);
  const retry = await post('k-8', { amount: '8.00' });
  assert.is(retry.statusCode, 201);
  assert.is(runs, 1);
});

test('a dead run whose effect committed: the retry says it was carried out, runs nothing', async () => {
  await deadReservation('k-9', true);
  const retry = await post('k-9', { amount: '8.00' });
  assert.equal([retry.statusCode, retry.json().detail, runs], [200, CARRIED_OUT, 0]);
});

test('a run whose key was taken over cannot commit its effect', async () => {
  const before = await effects();
  let open!: () => void;
  gate = new Promise((r) => (open = r));
  const stalled = post('k-10', { amount: '10.00' });
  while (runs === 0) await new Promise((r) => setTimeout(r, 10));
  await sql`UPDATE idempotency_keys SET execution = ${randomUUID()}::uuid WHERE key = 'k-10'`.execute(t.ctx.db);
  open();
  const answer = await stalled;
  assert.is(answer.statusCode, 409);
  assert.is(answer.json().detail, KEY_IN_FLIGHT);
  assert.is(await effects(), before, 'its event rolled back with the refused mark');
});

test('answers that carry credentials are never stored: a keyed sign-in simply runs again', async () => {
  const first = await post('k-11', {}, 'u1', '/api/auth/sign-in/');
  const second = await post('k-11', {}, 'u1', '/api/auth/sign-in/');
  assert.equal([first.json().access, second.json().access], ['token-1', 'token-2']);
  const { rows } = await sql`SELECT 1 FROM idempotency_keys WHERE key = 'k-11'`.execute(t.ctx.db);
  assert.is(rows.length, 0);
});

test('a refusal that committed something is replayed; a corrected request may take its key', async () => {
  const first = await post('k-12', { card: 'bad' }, 'u1', '/api/declines/');
  const again = await post('k-12', { card: 'bad' }, 'u1', '/api/declines/');
  assert.equal([first.statusCode, again.statusCode, again.body, again.headers['idempotent-replayed']], [400, 400, first.body, 'true']);
  assert.is(runs, 1);
  const fixed = await post('k-12', { card: 'good' }, 'u1', '/api/declines/');
  assert.equal([fixed.statusCode, fixed.json(), runs], [200, { paid: true }, 2]);
  const replayed = await post('k-12', { card: 'good' }, 'u1', '/api/declines/');
  assert.equal([replayed.body, runs], [fixed.body, 2]);
  // (Earlier tests fake dead runs by editing key rows: only this key's requests are looked at.)
  const { rows } = await sql<{ request_hash: string }>`SELECT request_hash FROM idempotency_keys WHERE key = 'k-12'`.execute(t.ctx.db);
  const { rows: digests } = await sql<{ digest: string }>`
    SELECT DISTINCT metadata->>'idempotency_key' AS digest FROM events WHERE stream_id LIKE 'payment-%'`.execute(t.ctx.db);
  assert.is(digests.length, 2, 'the refused request and the corrected one are two requests');
  assert.ok(digests.some((d) => d.digest === keyDigest('u1', 'k-12', rows[0].request_hash)));
  const audit = await verifyIdempotency(null, t.ctx.db);
  assert.not.ok(audit.differences.some((d) => digests.some((x) => d.subject.includes(x.digest))), 'one effect each');
});

test('a malformed key is a field error', async () => {
  const answer = await post('bad key with spaces', {});
  assert.is(answer.statusCode, 400);
  assert.ok(JSON.stringify(answer.json()).includes('Idempotency-Key'));
});

test.run();
