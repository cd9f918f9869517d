/**
 * Fault (issue #13): bad input over every endpoint of the OpenAPI document (GET /api/docs/json). Cases come from each
 * operation's own schemas (services/faults/openapi-cases.ts), a fixed number per operation from a fixed seed:
 * - invalid: wrong types, missing required fields with extra ones, values past documented bounds, malformed ids,
 *   broken JSON. No 5xx, 4xx answers in the API's error shape, and nothing changes: not one event, not one row of
 *   the key read models.
 * - probes (may be valid by accident, sent as a signed-in user or anonymously, never as staff): odd but allowed
 *   strings (unicode, RTL, NUL, lone surrogates, 100 KB), odd numbers, extra fields (mass assignment, __proto__),
 *   unknown ids and another user's ids. They may be accepted (2xx, a change of the caller's own data), so the check
 *   there is: no 5xx, the error shape, and the other user's streams and rows unchanged.
 * In both, no answer to a non-staff caller contains the other user's private data.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer } from '../testing/users';
import { sql } from 'kysely';
import { casesFor, isMutating, operations, type BadCase, type OpenApiDoc } from './openapi-cases';
import { seeded } from './openapi-values';
import { createFixtures, snapshot, victimStreams, type Fixtures } from './bad-input-fixtures';
import { jpeg, multipart, objectParts } from '../valuation/testing';
import { TEXT_GUARD_MESSAGES } from '../../infra/http/text-guard';

let t: TestApp;
let fx: Fixtures;
let cases: BadCase[];

test.before(async () => {
  // Error logs on: a failing run then shows the cause of any 5xx (the runner prints a failing file's output only).
  t = await startTestApp({ config: { logLevel: 'error' } });
  fx = await createFixtures(t);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDoc;
  const random = seeded(13);
  // The dev mailbox exists only outside production and reads every user's mail by design (docs/accounts.md).
  cases = operations(doc).filter((op) => !op.path.startsWith('/api/dev/')).flatMap((op) => casesFor(op, { otherIds: fx.victimIds, lotId: fx.lotId }, random));
});

test.after(async () => t.close());

interface Problem { case: string; what: string }

/** True for `{detail: "..."}` or `{field: ["message", ...]}`. */
function isErrorShape(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const values = Object.values(body);
  if (typeof (body as { detail?: unknown }).detail === 'string') return true;
  return values.length > 0 && values.every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
}

async function send(c: BadCase): Promise<{ status: number; body: string; problems: Problem[] }> {
  const who = c.caller === 'staff' ? fx.staff : c.caller === 'user' ? fx.user : null;
  const headers: Record<string, string> = { ...(who ? bearer(who) : {}), ...(c.contentType ? { 'content-type': c.contentType } : {}) };
  const res = await t.app.inject({ method: c.method as 'GET', url: c.url, headers, ...(c.payload !== undefined ? { payload: c.payload } : {}) });
  const name = `${c.caller} ${c.method} ${c.url.slice(0, 120)} [${c.kind}]`;
  const problems: Problem[] = [];
  if (res.statusCode >= 500) problems.push({ case: name, what: `${res.statusCode} ${res.body.slice(0, 200)}` });
  // Every error answer, under /api/ and outside it (the payment sandbox's 3-D Secure screens), is in the API's shape.
  if (res.statusCode >= 400 && res.statusCode < 500) {
    let body: unknown = null;
    try { body = res.json(); } catch { /* not JSON */ }
    if (!isErrorShape(body)) problems.push({ case: name, what: `${res.statusCode} not in the error shape: ${res.body.slice(0, 200)}` });
  }
  if (c.caller !== 'staff') {
    const sent = `${c.url} ${c.payload ?? ''}`;
    // A value the request itself carried may be echoed back (a field error, a 404): that is no leak.
    for (const secret of fx.victimSecrets) if (res.body.includes(secret) && !sent.includes(secret)) problems.push({ case: name, what: `answer contains another user's ${secret}` });
  }
  return { status: res.statusCode, body: res.body, problems };
}

const countEvents = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(t.ctx.db)).rows[0].n;

/** Runs cases one operation at a time; `changed` lists operations whose requests appended events. */
async function run(list: BadCase[]): Promise<{ problems: Problem[]; changed: string[]; accepted: string[]; sent: number }> {
  const problems: Problem[] = [];
  const changed: string[] = [];
  const accepted: string[] = [];
  const byOp = new Map<string, BadCase[]>();
  for (const c of list) byOp.set(c.op, [...(byOp.get(c.op) ?? []), c]);
  for (const [op, opCases] of byOp) {
    const before = await countEvents();
    for (const c of opCases) {
      const answer = await send(c);
      problems.push(...answer.problems);
      if (isMutating(c.method) && answer.status < 300) accepted.push(`${c.caller} ${c.method} ${c.url.slice(0, 100)} [${c.kind}] ${answer.status}`);
    }
    const after = await countEvents();
    if (after !== before) changed.push(`${op}: ${after - before} events`);
  }
  return { problems, changed, accepted, sent: list.length };
}

test('invalid requests over every endpoint: no 5xx, the error shape, no state change, no other user\'s data', async () => {
  const invalid = cases.filter((c) => c.invalid);
  assert.ok(invalid.length > 1000, `only ${invalid.length} invalid cases`);
  const before = await snapshot(t);
  const started = Date.now();
  const result = await run(invalid);
  const after = await snapshot(t);
  console.log(`  ${result.sent} invalid requests in ${Date.now() - started} ms`);
  assert.equal(result.problems, []);
  // A mutating request the schema says is invalid must not be accepted at all.
  assert.equal(result.accepted, [], 'invalid requests were accepted');
  assert.equal(result.changed, [], 'invalid requests appended events');
  assert.equal(after, before, 'invalid requests changed a read model');
});

test('probes (odd but maybe valid input, unknown and other users\' ids): no 5xx, no other user\'s data or state touched', async () => {
  const probes = cases.filter((c) => !c.invalid);
  assert.ok(probes.length > 500, `only ${probes.length} probes`);
  const streams = await victimStreams(t, [...fx.victimIds, fx.victim.email]);
  const rows = await snapshot(t, fx.victim.id);
  const started = Date.now();
  const result = await run(probes);
  console.log(`  ${result.sent} probes in ${Date.now() - started} ms, ${result.accepted.length} accepted`);
  assert.equal(result.problems, []);
  assert.equal(await victimStreams(t, [...fx.victimIds, fx.victim.email]), streams, "a probe wrote to the other user's streams");
  assert.equal((await snapshot(t, fx.victim.id)).tables, rows.tables, "a probe changed the other user's rows");
  // Extra `__proto__` / `constructor.prototype` keys polluted nothing.
  assert.is(({} as Record<string, unknown>).polluted, undefined);
  assert.is(({} as Record<string, unknown>).is_staff, undefined);
  // Whatever a probe got accepted, every read model could store it (an event one cannot store stops it for good).
  await t.ctx.projections.settle(30_000);
  // The caller is still signed in (no probe ended their session), so the probes were not all plain 401s.
  assert.is((await t.app.inject({ method: 'GET', url: '/api/users/current/', headers: bearer(fx.user) })).statusCode, 200);
});

test('multipart text fields and file names are held to the same text rule (they bypass the JSON guard)', async () => {
  const before = await countEvents();
  for (const parts of [
    [...objectParts([{ title: 'Talisker\u0000 10', images: [{ data: await jpeg(), filename: 'a.jpg' }] }])],
    [...objectParts([{ title: 'Talisker 10', images: [{ data: await jpeg(), filename: 'a\u0000.jpg' }] }])],
  ]) {
    const body = await multipart(parts);
    const res = await t.app.inject({ method: 'POST', url: '/api/valuation_requests/', payload: body.payload, headers: { ...body.headers, ...bearer(fx.user) } });
    assert.is(res.statusCode, 400, res.body);
    assert.ok(Object.values(res.json()).flat().some((m) => m === TEXT_GUARD_MESSAGES.nul || m === TEXT_GUARD_MESSAGES.surrogate), res.body);
  }
  assert.is(await countEvents(), before);
});

test.run();
