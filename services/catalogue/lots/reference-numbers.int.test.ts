/** Lot reference numbers: never shared, even when consignments in one auction race; the count starts after the lots there. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createAuction, createLot, HOUR } from '../../bidding/testing';
import { reserveLotReferenceNos } from './reference-numbers';

let t: TestApp;

test.before(async () => {
  t = await startTestApp();
});

test.after(async () => {
  await t.close();
});

test('numbers reserved at the same instant are all different and follow on from the auction\'s lots', async () => {
  const auctionId = await createAuction(t.ctx, t.clock.now(), HOUR);
  for (let i = 0; i < 3; i++) await createLot(t.ctx, t.clock.now(), { auctionId });
  const auction = { id: auctionId, year: 2026, sequence_no: 7 };
  const counts = [1, 3, 1, 2, 1, 1, 4, 1, 1, 2];
  const reserved = await Promise.all(counts.map((n) => reserveLotReferenceNos(t.ctx, auction, n)));
  assert.equal(reserved.map((r) => r.length), counts);
  const all = reserved.flat();
  assert.is(new Set(all).size, all.length, 'no number handed out twice');
  const numbers = all.map((r) => Number(/^202607-(\d{4})$/.exec(r)![1])).sort((a, b) => a - b);
  assert.equal(numbers, Array.from({ length: all.length }, (_, i) => 4 + i), 'after the 3 lots already there, no gaps');
  for (const r of reserved) {
    const n = r.map((x) => Number(x.slice(-4)));
    assert.equal(n, n.map((_, i) => n[0] + i), 'one request\'s numbers are in a row');
  }
});

test('each auction counts on its own', async () => {
  const [a, b] = [await createAuction(t.ctx, t.clock.now(), HOUR), await createAuction(t.ctx, t.clock.now(), HOUR)];
  assert.equal(await reserveLotReferenceNos(t.ctx, { id: a, year: 2026, sequence_no: 1 }, 2), ['202601-0001', '202601-0002']);
  assert.equal(await reserveLotReferenceNos(t.ctx, { id: b, year: 2026, sequence_no: 2 }), ['202602-0001']);
  assert.equal(await reserveLotReferenceNos(t.ctx, { id: a, year: 2026, sequence_no: 1 }), ['202601-0003']);
});

test.run();
