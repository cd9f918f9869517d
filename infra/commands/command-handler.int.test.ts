import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../../services/testing/harness';
import { createDb, type Db } from '../db/database';
import { EventStore } from '../event-store/event-store';
import { CommandHandler } from './command-handler';
import { RuleBroken } from '../../domain/shared/errors';
import { assertNever, type Decider } from '../../domain/shared/decider';
import { rejects } from '../../services/testing/rejects';

/** A tiny account decider: deposits, and withdrawals that may not overdraw. */
type Event = { type: 'Deposited'; data: { amount: number } } | { type: 'Withdrawn'; data: { amount: number } };
type Command = { type: 'Deposit'; amount: number } | { type: 'Withdraw'; amount: number };
const account: Decider<number, Command, Event> = {
  initialState: 0,
  evolve: (balance, e) => (e.type === 'Deposited' ? balance + e.data.amount : balance - e.data.amount),
  decide(command, balance) {
    switch (command.type) {
      case 'Deposit':
        return [{ type: 'Deposited', data: { amount: command.amount } }];
      case 'Withdraw':
        if (command.amount > balance) throw new RuleBroken('Insufficient funds.');
        return [{ type: 'Withdrawn', data: { amount: command.amount } }];
      default:
        return assertNever(command);
    }
  },
};

let database: TestDatabase;
let db: Db;
let store: EventStore;

test.before(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 10);
  store = new EventStore(db);
});
test.after(async () => {
  await db.destroy();
  await database.drop();
});

test('decides on the folded state and appends with metadata', async () => {
  const handler = new CommandHandler(store);
  await handler.handle('acct-1', account, { type: 'Deposit', amount: 100 }, { user_id: 'u1' });
  const out = await handler.handle('acct-1', account, { type: 'Withdraw', amount: 30 });
  assert.is(out.state, 70);
  assert.is(out.append?.version, 2);
  await rejects(() => handler.handle('acct-1', account, { type: 'Withdraw', amount: 71 }), /Insufficient funds/);
  assert.equal((await store.readStream('acct-1'))[0].metadata, { user_id: 'u1' });
});

test('concurrent commands from separate handlers retry on conflict and never break the rule', async () => {
  const handlers = Array.from({ length: 5 }, () => new CommandHandler(store));
  await handlers[0].handle('acct-2', account, { type: 'Deposit', amount: 100 });
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) => handlers[i % 5].handle('acct-2', account, { type: 'Withdraw', amount: 10 }, {}, 50)),
  );
  const ok = results.filter((r) => r.status === 'fulfilled').length;
  assert.is(ok, 10, 'exactly the funds available were withdrawn');
  const { state } = await new CommandHandler(store).load('acct-2', account);
  assert.is(state, 0);
});

test('a cached state picks up events written by another handler', async () => {
  const a = new CommandHandler(store);
  const b = new CommandHandler(store);
  await a.handle('acct-3', account, { type: 'Deposit', amount: 5 });
  await b.handle('acct-3', account, { type: 'Deposit', amount: 7 });
  const out = await a.handle('acct-3', account, { type: 'Withdraw', amount: 12 });
  assert.is(out.state, 0);
});

test.run();
