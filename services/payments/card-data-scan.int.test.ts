/**
 * "No card number or CVC is ever stored or logged": pay the fee and save cards with several test numbers (grouped
 * and not), through 3-D Secure, refusals and bad input, with every log line captured at level trace; then scan every
 * event (data and metadata), every table of the public schema (read models, the sandbox's tables, idempotency keys,
 * the outbox...) and the logs for the full numbers and for the CVCs as the JSON bodies carried them.
 */
import { randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { loadConfig, type Config } from '../../infra/config/config';
import { createContext, createLogger } from '../context';
import { buildApp } from '../app';
import { createTestDatabase, TestClock, type TestApp } from '../testing/harness';
import { createTestUser } from '../testing/users';
import { CARD, card, challengeUrl, followReturn, openChallenge, post } from './testing';

let t: TestApp;
const lines: string[] = [];

test.before(async () => {
  const database = await createTestDatabase();
  const config: Config = {
    ...loadConfig({ ...process.env, NODE_ENV: 'test' }), databaseUrl: database.url, logLevel: 'trace', tokenSecret: randomBytes(48).toString('base64url'),
  };
  const clock = new TestClock();
  // The production logger at its most talkative, writing into memory.
  const log = createLogger(config, { write: (line: string) => lines.push(line) });
  const ctx = createContext(config, database.url, { clock, log, poolSize: 5 });
  const app = await buildApp(ctx);
  await app.ready();
  ctx.projections.start();
  t = {
    ctx, app, clock, database, startWorkers: async () => {},
    async close() {
      await app.close();
      await ctx.projections.stop();
      await ctx.db.destroy();
      await database.drop();
    },
  };
});

test.after(async () => {
  await t.close();
});

/** Every card used and the CVC sent with it (distinctive values, so a hit is never a coincidence). */
const USED: { number: string; cvv: string }[] = [];
const use = (number: string, cvv: string, extra: Record<string, unknown> = {}) => {
  USED.push({ number, cvv });
  return card(number, { cvv, ...extra });
};

const everyForm = (number: string) => {
  const digits = number.replace(/\s/g, '');
  return [...new Set([digits, number, digits.replace(/(\d{4})(?=\d)/g, '$1 ')])];
};

async function allStoredText(): Promise<{ table: string; text: string }[]> {
  const { rows: tables } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(t.ctx.db);
  const out: { table: string; text: string }[] = [];
  for (const { table_name } of tables) {
    const { rows } = await sql<{ row: string }>`SELECT r::text AS row FROM ${sql.table(table_name)} r`.execute(t.ctx.db);
    out.push({ table: table_name, text: rows.map((r) => r.row).join('\n') });
  }
  return out;
}

test('pay, challenge, refuse and save cards with real-looking input', async () => {
  const [ann, ben, cat] = await Promise.all([createTestUser(t), createTestUser(t), createTestUser(t)]);

  const paid = await post(t, ann, '/api/registration_fee/', use(CARD.ok, '739', { save_card: true }), 'scan-1');
  assert.is(paid.statusCode, 200, paid.body);
  assert.is((await post(t, ann, '/api/user_payment_cards/', use('5555555555554444', '917'))).statusCode, 201);
  assert.is((await post(t, ann, '/api/user_payment_cards/', use('3782 822463 10005', '6283'))).statusCode, 201);
  assert.is((await post(t, ann, '/api/user_payment_cards/', use(CARD.ok, '739'))).statusCode, 400, 'duplicate');

  const challenged = await post(t, ben, '/api/registration_fee/?lot=8c0e9a36-2f1e-4a57-9d51-3a4fd2a7e0c1&bid=40', use('4000000000003220', '846'));
  const html = challenged.json();
  const challengeToken = new URL(challengeUrl(html), 'http://x').searchParams.get('t')!;
  assert.match((await followReturn(t, await (await openChallenge(t, html)).complete())).client, /registration_fee=true/);
  const cardChallenge = await post(t, ben, '/api/user_payment_cards/', use(CARD.challenge, '528'));
  assert.match((await followReturn(t, await (await openChallenge(t, cardChallenge.json())).complete())).client, /user_payment_cards=true/);

  assert.is((await post(t, cat, '/api/registration_fee/', use('4000000000000002', '364'), 'scan-2')).statusCode, 400);
  assert.is((await post(t, cat, '/api/registration_fee/', use(CARD.insufficient, '472'))).statusCode, 400);
  assert.is((await post(t, cat, '/api/registration_fee/', use(CARD.expired, '581'))).statusCode, 400);
  assert.is((await post(t, cat, '/api/registration_fee/', use(CARD.cvc, '613'))).statusCode, 400);
  assert.is((await post(t, cat, '/api/user_payment_cards/', use('4242424242424242', '193', { expiry_date: '13/99' }))).statusCode, 400, 'bad input');
  assert.is((await post(t, cat, '/api/registration_fee/', { ...use('6011 1111 1111 1117', '295'), cvv: 295 })).statusCode, 200, 'a CVC sent as a number');

  // The scan below must be looking at real data.
  assert.ok(lines.length > 20, 'log lines were captured');
  assert.ok(lines.some((l) => l.includes('/api/registration_fee/')), 'the requests were logged');
  assert.not.ok(lines.join('\n').includes(challengeToken), 'the challenge token is redacted from logged URLs');
});

test('no card number and no CVC in events, tables or logs', async () => {
  const stored = await allStoredText();
  const names = stored.map((s) => s.table);
  for (const table of ['events', 'payments', 'user_cards', 'sandbox_cards', 'sandbox_intents', 'idempotency_keys', 'users']) assert.ok(names.includes(table), table);
  const events = stored.find((s) => s.table === 'events')!.text;
  assert.match(events, /PaymentCreated/);
  assert.match(events, /last4\W+4242/, 'the scan sees the cards as stored (last four only)');
  assert.match(stored.find((s) => s.table === 'user_cards')!.text, /4444/);

  const places = [...stored.map((s) => ({ where: `table ${s.table}`, text: s.text })), { where: 'logs', text: lines.join('\n') }];
  const leaks: string[] = [];
  const scan = (extra: { where: string; text: string }[]) => {
    for (const { number, cvv } of USED) {
      for (const form of everyForm(number)) {
        for (const place of [...places, ...extra]) if (place.text.includes(form)) leaks.push(`${form} in ${place.where}`);
      }
      // The CVC as a quoted string ("739", also inside a row's text where quotes are doubled) or as the value of a
      // cvv/cvc field in any quoting ("cvv":"739", "cvv": 739, ""cvc"": ""739"").
      const cvc = new RegExp(`"${cvv}"|cv[vc]\\W{1,8}${cvv}\\b`);
      for (const place of [...places, ...extra]) if (cvc.test(place.text)) leaks.push(`CVC ${cvv} in ${place.where}`);
    }
  };
  // The scanner itself finds a planted body in each of its forms.
  scan([{ where: 'planted', text: '{"card_number":"4242424242424242","cvv":"739"}' }, { where: 'planted row', text: '("{""cvc"": 917}",3782 8224 6310 005)' }]);
  assert.equal([...new Set(leaks)].sort(), ['3782 8224 6310 005 in planted row', '4242424242424242 in planted', 'CVC 739 in planted', 'CVC 917 in planted row']);
  leaks.length = 0;
  scan([]);
  assert.equal(leaks, []);
});

test.run();
