/**
 * The checkout's price summary (spec 1 section 3) from the server's own records: pure, `now` comes in. Every line
 * is integer pence, rounded once (half up) from its documented base; the lines add up to `total` and
 * `credit_debit_card = total - voucher - wallet + card surcharge` by construction. Rules and worked example:
 * docs/checkout.md "Pricing".
 */
import { assertNever } from '../shared/decider';
import { RuleBroken, ValidationError } from '../shared/errors';
import { percentOf, type Pence } from '../shared/money';
import { goodsLines, goodsTotal, isPaymentLate } from './goods';
import {
  BUYERS_PREMIUM_BP, CARD_SURCHARGE_BP, INSURANCE_BP, LATE_PAYMENT_FEE_BP, asPercent,
} from './rates';
import { shippingPence } from './shipping';
import { FREE_STORAGE, assertOfferedPeriod, lateStorageFeePence, storagePeriodPence, wonLotStorage } from './storage';
import type { PriceInput, PriceSummary, Voucher } from './types';

export const NO_WON_LOTS_MESSAGE = 'You have no won lots to pay for.';
export const WALLET_SETTLE_MESSAGE = 'Wallet settle is only possible while your wallet balance is negative.';
const WALLET_ABOVE_BALANCE_MESSAGE = 'Amount cannot exceed the balance';
const WALLET_NOT_POSITIVE_MESSAGE = 'Amount must be greater than 0';

/** The wallet control's default (spec 1 section 5): the smaller of balance and total, never negative. */
export function defaultWalletUse(balance: Pence, totalAfterVoucher: Pence): Pence {
  return Math.max(0, Math.min(balance, totalAfterVoucher));
}

/** The charge lines (everything owed before voucher, wallet and card surcharge). */
type ChargeLines = Pick<
  PriceSummary,
  | 'subtotal' | 'buyers_commission_amount' | 'vat_on_products_amount' | 'buyers_commission_vat_amount'
  | 'shipping_amount' | 'insurance_amount' | 'storage_amount' | 'delivery_storage_amount'
  | 'late_payment_fee_amount' | 'late_storage_fee_amount' | 'debt'
>;

const NO_CHARGES: ChargeLines = {
  subtotal: 0, buyers_commission_amount: 0, vat_on_products_amount: 0, buyers_commission_vat_amount: 0,
  shipping_amount: 0, insurance_amount: 0, storage_amount: 0, delivery_storage_amount: 0,
  late_payment_fee_amount: 0, late_storage_fee_amount: 0, debt: 0,
};

export const sumOfCharges = (c: ChargeLines): Pence =>
  c.subtotal + c.buyers_commission_amount + c.vat_on_products_amount + c.buyers_commission_vat_amount +
  c.shipping_amount + c.insurance_amount + c.storage_amount + c.delivery_storage_amount +
  c.late_payment_fee_amount + c.late_storage_fee_amount + c.debt;

/** Wallet settle pays only the debt: no lots, no fees. */
function walletSettleCharges(input: PriceInput): ChargeLines {
  if (input.wallet_balance_pence >= 0) throw new RuleBroken(WALLET_SETTLE_MESSAGE);
  return { ...NO_CHARGES, debt: -input.wallet_balance_pence };
}

/** Delivery, storage and collection: the won lots' goods and fees, and the stored lots' fees. */
function lotCharges(input: PriceInput): ChargeLines {
  const { service, won_lots: won, stored_lots: stored, now } = input;
  if (won.length === 0 && stored.length === 0) throw new RuleBroken(NO_WON_LOTS_MESSAGE);
  const lotCount = won.length + stored.length;
  const storage = service === 'storage' ? (input.storage ?? FREE_STORAGE) : null;
  if (storage) assertOfferedPeriod(storage);

  const goods = goodsLines(won);
  const late = goodsLines(won.filter((lot) => isPaymentLate(lot, now)));
  const insured = service === 'delivery' && input.insurance;
  return {
    subtotal: goods.subtotal,
    buyers_commission_amount: goods.buyers_premium,
    vat_on_products_amount: goods.vat_on_hammer,
    buyers_commission_vat_amount: goods.vat_on_premium,
    shipping_amount: service === 'delivery' ? shippingPence(input.carrier, lotCount) : 0,
    insurance_amount: insured ? percentOf(goods.subtotal + goods.buyers_premium, INSURANCE_BP) : 0,
    storage_amount: storagePeriodPence(storage, lotCount),
    delivery_storage_amount: won.reduce((sum, lot) => sum + wonLotStorage(lot, storage, now).owed_pence, 0),
    late_payment_fee_amount: percentOf(goodsTotal(late), LATE_PAYMENT_FEE_BP),
    late_storage_fee_amount: stored.reduce((sum, lot) => sum + lateStorageFeePence(lot.storage_expires_at, now), 0),
    debt: 0,
  };
}

function charges(input: PriceInput): ChargeLines {
  switch (input.service) {
    case 'wallet_settle':
      return walletSettleCharges(input);
    case 'delivery':
    case 'storage':
    case 'collection':
      return lotCharges(input);
    default:
      return assertNever(input.service);
  }
}

/** The voucher's worth against this total: the discount (capped at the total) and the rest for the wallet. */
function voucherSplit(voucher: Voucher | null, total: Pence): { discount: Pence; remainder: Pence } {
  if (!voucher) return { discount: 0, remainder: 0 };
  // A percent voucher is capped at 100%, so only a fixed voucher can leave a remainder.
  const worth = voucher.kind === 'fixed' ? voucher.value : percentOf(total, Math.min(voucher.value, 10_000));
  const discount = Math.min(Math.max(worth, 0), total);
  return { discount, remainder: Math.max(worth, 0) - discount };
}

/** The wallet use: refused above the positive balance, then capped at what is left after the voucher. */
function walletUse(requested: Pence, balance: Pence, left: Pence): Pence {
  if (requested < 0) throw new ValidationError({ used_from_wallet: [WALLET_NOT_POSITIVE_MESSAGE] });
  if (requested > Math.max(balance, 0)) throw new ValidationError({ used_from_wallet: [WALLET_ABOVE_BALANCE_MESSAGE] });
  return Math.min(requested, left);
}

export function priceSummary(input: PriceInput): PriceSummary {
  const lines = charges(input);
  const total = sumOfCharges(lines);
  const voucher = voucherSplit(input.voucher, total);
  const usedFromWallet = walletUse(input.wallet_requested_pence, input.wallet_balance_pence, total - voucher.discount);
  const toPay = total - voucher.discount - usedFromWallet;
  const surcharge = input.payment_method === 'CARD' ? percentOf(toPay, CARD_SURCHARGE_BP) : 0;
  const lots = input.service === 'wallet_settle' ? { won: [], stored: [] } : { won: input.won_lots, stored: input.stored_lots };
  return {
    items_count: lots.won.length + lots.stored.length,
    ...lines,
    total,
    voucher_discount_amount: voucher.discount,
    voucher_remainder_amount: voucher.remainder,
    used_from_wallet: usedFromWallet,
    credit_card_surcharge_amount: surcharge,
    credit_debit_card: toPay + surcharge,
    buyers_commission_percent: asPercent(BUYERS_PREMIUM_BP),
    insurance_percent: asPercent(INSURANCE_BP),
    late_payment_fee_percent: asPercent(LATE_PAYMENT_FEE_BP),
    credit_card_surcharge_percent: asPercent(CARD_SURCHARGE_BP),
    vat_enabled: lots.won.some((lot) => lot.vat_enabled),
  };
}
