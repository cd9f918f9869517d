import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../../services/testing/harness';
import { createDb, type Db } from '../db/database';
import { EventStore } from '../event-store/event-store';
import { CommandHandler } from './command-handler';
import { handleMany, lastCursor } from './multi-stream';
import { RuleBroken } from '../../domain/shared/errors';
import type { Decider } from '../../domain/shared/decider';
import { rejects } from '../../services/testing/rejects';
import { sql } from 'kysely';

/** Two accounts and a transfer between them: both streams change together or neither does. */
type Event = { type: 'Moved'; data: { amount: number } };
const account: Decider<number, never, Event> = {
  initialState: 0,
  evolve: (balance, e) => balance + e.data.amount,
  decide: () => [],
};

let database: TestDatabase;
let db: Db;
let ctx: { db: Db; store: EventStore; commands: CommandHandler };

test.before(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 10);
  const store = new EventStore(db);
  ctx = { db, store, commands: new CommandHandler(store) };
});
test.after(async () => {
  await db.destroy();
  await database.drop();
});

const streams = [{ streamId: 'acct-a', decider: account }, { streamId: 'acct-b', decider: account }];

function transfer(amount: number, allowOverdraw = false) {
  return handleMany(ctx, streams, (states) => {
    const a = states['acct-a'] as number;
    if (!allowOverdraw && a < amount) throw new RuleBroken('Insufficient funds.');
    return {
      events: { 'acct-a': [{ type: 'Moved', data: { amount: -amount } }], 'acct-b': [{ type: 'Moved', data: { amount } }] },
      result: a - amount,
    };
  });
}

const balance = async (id: string) => (await ctx.commands.load(id, account)).state;

test('appends to both streams in one transaction and answers the states after', async () => {
  await handleMany(ctx, streams, () => ({ events: { 'acct-a': [{ type: 'Moved', data: { amount: 100 } }] }, result: null }));
  const outcome = await transfer(30);
  assert.is(outcome.result, 70);
  assert.equal(outcome.states, { 'acct-a': 70, 'acct-b': 30 });
  assert.is(outcome.appends.length, 2);
  const txs = new Set(outcome.appends.flatMap((a) => a.events.map((e) => e.transaction_id)));
  assert.is(txs.size, 1, 'one transaction');
  assert.ok(lastCursor(outcome.appends));
  assert.equal([await balance('acct-a'), await balance('acct-b')], [70, 30]);
});

test('a refusal appends nothing; a failing `within` rolls back every stream', async () => {
  await rejects(() => transfer(1_000), /Insufficient funds/);
  await rejects(() => handleMany(ctx, streams, () => ({
    events: { 'acct-a': [{ type: 'Moved', data: { amount: -1 } }], 'acct-b': [{ type: 'Moved', data: { amount: 1 } }] }, result: null,
  }), {}, async () => { throw new Error('side work failed'); }), /side work failed/);
  assert.equal([await balance('acct-a'), await balance('acct-b')], [70, 30]);
});

test('concurrent transfers are decided again on a version conflict: no money is made or lost', async () => {
  await Promise.all(Array.from({ length: 10 }, () => transfer(10).catch((e) => e)));
  const a = await balance('acct-a');
  const b = await balance('acct-b');
  assert.is(a + b, 100, 'the total is kept');
  assert.ok(a >= 0, 'never overdrawn');
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM events WHERE stream_id = 'acct-b'`.execute(db);
  assert.is(Number(rows[0].n), 1 + (b - 30) / 10, 'one event per transfer that went through');
});

test.run();
