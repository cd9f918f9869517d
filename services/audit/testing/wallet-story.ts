/**
 * One wallet with every kind of movement, made through the real API: a sale's proceeds and its three fees, a staff
 * credit with its reason, an order paid from the wallet, a voucher worth more than its order (the rest credited), a
 * withdrawal paid out (hold, capture) and one rejected (hold, release). The auditors' tests replay it.
 */
import * as assert from 'uvu/assert';
import type { TestApp } from '../../testing/harness';
import { createTestUser, type TestUser } from '../../testing/users';
import { cardDraft, createOrder, draft, fundWallet, staffPost, wonLots } from '../../orders/testing';
import { addMethod, api, codeFromMail, grantAccess, signInAgain } from '../../withdrawal/testing';

export interface WalletStory {
  owner: TestUser;
  lot: string;
  order: string;
  voucherOrder: string;
  paidOut: string;
  rejected: string;
  /** An instant between the staff credit and the next movement. */
  afterAdjustment: string;
}

interface WalletStoryCast { staff: TestUser; seller: TestUser; buyer: TestUser }

const MINUTE = 60_000;

export async function tellWalletStory(t: TestApp, cast: WalletStoryCast, who: { email: string; firstName: string; lastName: string; voucher: string }): Promise<WalletStory> {
  const { staff, seller, buyer } = cast;
  const owner = await createTestUser(t, who);
  const story: WalletStory = { owner, lot: '', order: '', voucherOrder: '', paidOut: '', rejected: '', afterAdjustment: '' };
  // 1. The owner sells a lot (reserve, so a reserve fee); the buyer pays it from the wallet: proceeds and three fees.
  const [sold] = await wonLots(t, staff, buyer, owner, [{ hammer: 20_000, reserve: true }]);
  story.lot = sold.id;
  await fundWallet(t, buyer, 30_000);
  const paid = await createOrder(t, buyer, 'collection', draft('UK_BANK', { used_from_wallet: '230.00' }));
  assert.equal([paid.statusCode, paid.json().status], [201, 'paid'], paid.body);
  // 2. A staff credit with its reason.
  t.clock.advance(MINUTE);
  const adjusted = await staffPost(t, staff, `/api/staff/wallets/${owner.id}/adjustments/`, { direction: 'credit', amount: '50.00', reason: 'Goodwill: late delivery' });
  assert.is(adjusted.statusCode, 201, adjusted.body);
  t.clock.advance(MINUTE / 2);
  story.afterAdjustment = t.clock.now().toISOString();
  // 3. The owner buys a lot and pays it all from the wallet.
  t.clock.advance(MINUTE / 2);
  await wonLots(t, staff, owner, seller, [{ hammer: 4_000 }]);
  const own = await createOrder(t, owner, 'collection', draft('UK_BANK', { used_from_wallet: '46.00' }));
  assert.equal([own.statusCode, own.json().status], [201, 'paid'], own.body);
  story.order = own.json().order_id;
  // 4. A voucher worth more than the next order: the rest is credited.
  t.clock.advance(MINUTE);
  assert.is((await staffPost(t, staff, '/api/staff/vouchers/', { code: who.voucher, kind: 'fixed', value: '100.00', max_uses: 1 })).statusCode, 201);
  await wonLots(t, staff, owner, seller, [{ hammer: 2_000 }]);
  const byVoucher = await createOrder(t, owner, 'collection', cardDraft('4242 4242 4242 4242', { discount_code: who.voucher.toLowerCase() }));
  assert.equal([byVoucher.statusCode, byVoucher.json().status], [201, 'paid'], byVoucher.body);
  story.voucherOrder = byVoucher.json().order_id;
  // 5. A withdrawal paid out (hold, capture) and one rejected (hold, release).
  t.clock.advance(MINUTE);
  await signInAgain(t, owner, { ...staff, staff: true });
  await grantAccess(t, owner);
  const method = await addMethod(t, owner);
  const withdraw = async (amount: string): Promise<string> => {
    const res = await api(t, 'POST', '/api/withdraw/', owner, { amount, payment_method: method });
    assert.is(res.statusCode, 201, res.body);
    return res.json().id;
  };
  story.paidOut = await withdraw('100.00');
  const verified = await api(t, 'POST', `/api/withdraw/${story.paidOut}/verify/`, owner, { code: await codeFromMail(t, owner, 'Your withdrawal code') });
  assert.is(verified.statusCode, 200, verified.body);
  t.clock.advance(MINUTE);
  assert.is((await staffPost(t, staff, `/api/staff/withdrawals/${story.paidOut}/pay_out/`, { reference: 'BACS 7001' })).statusCode, 200);
  t.clock.advance(MINUTE);
  story.rejected = await withdraw('30.00');
  t.clock.advance(MINUTE);
  assert.is((await staffPost(t, staff, `/api/staff/withdrawals/${story.rejected}/reject/`, { reason: 'Account closed' })).statusCode, 200);
  return story;
}
