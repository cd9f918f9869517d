/**
 * The winning flag of `lot_bidders` follows the leader, and a bid touches only the rows whose flag changes: a bidder
 * who was neither the old nor the new leader keeps the same row version (at a close a hot lot has hundreds of
 * bidders, and rewriting all of them on every bid was PostgreSQL's busiest statement).
 */
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../../services/testing/harness';
import { createTestUser, type TestUser } from '../../../services/testing/users';
import { createLot, postBid } from '../../../services/bidding/testing';

let t: TestApp;
let users: TestUser[];

test.before(async () => {
  t = await startTestApp();
  users = await Promise.all(Array.from({ length: 4 }, () => createTestUser(t, { feePaid: true })));
});

test.after(async () => {
  await t.close();
});

async function rows(lotId: string): Promise<Map<string, { winning: boolean; version: string }>> {
  await t.ctx.projections.settle();
  const { rows } = await sql<{ user_id: string; is_winning: boolean; xmin: string }>`
    SELECT user_id, is_winning, xmin::text FROM lot_bidders WHERE lot_id = ${lotId}`.execute(t.ctx.db);
  return new Map(rows.map((r) => [r.user_id, { winning: r.is_winning, version: r.xmin }]));
}

const winners = (state: Map<string, { winning: boolean }>) => [...state].filter(([, r]) => r.winning).map(([id]) => id);

test('one winner, the leader; a bid between two others leaves the third bidder\'s row untouched', async () => {
  const [a, b, c, d] = users;
  const { lotId } = await createLot(t.ctx, t.clock.now());
  for (const [user, bid] of [[a, '20'], [b, '30'], [c, '40']] as const) {
    assert.is((await postBid(t, user, { bid, lot: lotId })).statusCode, 201);
  }
  const before = await rows(lotId);
  assert.equal(winners(before), [c.id]);

  // d outbids c: c's and d's rows change, a's and b's stay the same row version.
  assert.is((await postBid(t, d, { bid: '60', lot: lotId })).statusCode, 201);
  const after = await rows(lotId);
  assert.equal(winners(after), [d.id]);
  assert.is(after.get(c.id)!.winning, false);
  for (const bystander of [a, b]) {
    assert.is(after.get(bystander.id)!.version, before.get(bystander.id)!.version, 'a bystander\'s row is not rewritten');
  }

  // a comes back over d: the flag moves again, b's row still untouched.
  assert.is((await postBid(t, a, { bid: '100', lot: lotId })).statusCode, 201);
  const last = await rows(lotId);
  assert.equal(winners(last), [a.id]);
  assert.is(last.get(b.id)!.version, before.get(b.id)!.version);
});

test.run();
