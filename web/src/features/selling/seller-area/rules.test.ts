import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { paymentStatusText } from './rules';

test('a sold lot awaiting the buyer, one paid to the wallet with its date, and a lot not sold', () => {
  assert.is(paymentStatusText({ payment_status: 'awaiting_buyer_payment', paid_to_wallet_at: null }), 'Awaiting buyer payment');
  assert.is(paymentStatusText({ payment_status: 'paid_to_wallet', paid_to_wallet_at: '2026-03-05T12:00:00Z' }), 'Paid to your wallet on 05 March 2026');
  assert.is(paymentStatusText({ payment_status: 'paid_to_wallet', paid_to_wallet_at: null }), 'Paid to your wallet');
  assert.is(paymentStatusText({ payment_status: null, paid_to_wallet_at: null }), null);
});

test.run();
