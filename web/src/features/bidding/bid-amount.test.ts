import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BID_MSG, checkBidAmount, suggestedBids } from './bid-amount';

const ctx = { minimum: 13000, onBidding: true };

test('required', () => {
  assert.equal(checkBidAmount('', ctx), { ok: false, message: 'Please enter your maximum bid' });
  assert.equal(checkBidAmount('  ', ctx), { ok: false, message: 'Please enter your maximum bid' });
});

test('invalid amounts', () => {
  for (const bad of ['abc', '12.345', '-5', '0', '1e5']) {
    assert.equal(checkBidAmount(bad, ctx), { ok: false, message: BID_MSG.invalid }, bad);
  }
});

test('below the next minimum bid', () => {
  assert.equal(checkBidAmount('125', ctx), { ok: false, message: 'Your bid must be at least £130' });
  assert.equal(checkBidAmount('129.99', ctx), { ok: false, message: 'Your bid must be at least £130' });
});

test('too high', () => {
  assert.equal(checkBidAmount('10000001', ctx), { ok: false, message: 'The maximum bid is £10,000,000' });
});

test('closed lot', () => {
  assert.equal(checkBidAmount('500', { ...ctx, onBidding: false }), { ok: false, message: 'Bidding is closed for this lot' });
});

test('raising an own maximum must go above it', () => {
  assert.equal(checkBidAmount('200', { ...ctx, ownMax: 20000 }), {
    ok: false, message: 'Your maximum bid is already £200; enter a higher amount',
  });
  assert.equal(checkBidAmount('210', { ...ctx, ownMax: 20000 }), { ok: true, pence: 21000 });
});

test('accepted amounts in pence', () => {
  assert.equal(checkBidAmount('130', ctx), { ok: true, pence: 13000 });
  assert.equal(checkBidAmount('£1,250.50', ctx), { ok: true, pence: 125050 });
});

test('suggested bids', () => {
  assert.equal(suggestedBids(13000, 1000), [13000, 14000, 15000]);
  assert.equal(suggestedBids(1000, null, 2), [1000, 1500]);
});

test.run();
