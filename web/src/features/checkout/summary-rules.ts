/**
 * The Order Summary's rules, pure (spec 1 sections 4, 5, 8 and 9): the price breakdown's lines, the voucher and
 * wallet controls' checks and messages, the wallet's default use, the composed description of a bank or in-store
 * order, and the per-field reading of the server's errors.
 */
import { formatPence, toPence, type Pence } from '../../lib/money';
import { METHOD_LABELS } from './rules';
import type { AmountKey, CostSummary, OrderToDescribe, PaymentMethod } from './types';
import type { BankData, StoreInfo } from '../../api/house';
import { shippingLabel } from '../../lib/order-labels';

export const VOUCHER_MSG = {
  required: 'This field is required',
  min: 'Code characters limit - min 3 symbols',
  max: 'Code characters limit - max 10 symbols',
  activated: 'Success! Voucher code has been activated.',
} as const;
const VOUCHER_MIN = 3;
const VOUCHER_MAX = 10;

export const WALLET_MSG = {
  required: 'Amount is required',
  positive: 'Amount must be greater than 0',
  overBalance: 'Amount cannot exceed the balance',
} as const;

export const NOTE_MSG = 'Max 600 symbols';
export const ORDER_PAID = 'Order payment has been processed successfully';
export const STORAGE_LOAD_FAILED = 'Failed to load available storage period options.';
export const CARD_ERROR = 'Error! Error has occurred while processing Payment Card.';
/** Price errors are shown under Place Order without the server's text (spec 1 section 8). */
export const PRICE_ERROR = 'We could not work out the price of this order. Please check your details, or try again in a moment.';

/** The voucher field's message, or null (spec 1 section 5). */
export function voucherError(code: string): string | null {
  const c = code.trim();
  if (!c) return VOUCHER_MSG.required;
  if (c.length < VOUCHER_MIN) return VOUCHER_MSG.min;
  if (c.length > VOUCHER_MAX) return VOUCHER_MSG.max;
  return null;
}

/** Apply is disabled under 3 characters. */
export const canApplyVoucher = (code: string) => code.trim().length >= VOUCHER_MIN;

/** The wallet amount's message, or null; `balance` in pence. */
export function walletAmountError(text: string, balance: Pence): string | null {
  if (!text.trim()) return WALLET_MSG.required;
  const pence = toPence(text);
  if (pence === null || pence < 1) return WALLET_MSG.positive;
  if (pence > balance) return WALLET_MSG.overBalance;
  return null;
}

/** The wallet's default use: the smaller of the balance and what is left to pay (never below 0). */
export const defaultWalletUse = (balance: Pence, total: Pence): Pence => Math.max(0, Math.min(balance, total));

export const pence = (s: CostSummary | null | undefined, key: AmountKey): Pence => (s ? (toPence(s[key]) ?? 0) : 0);

/** What the wallet could still cover: the total after the voucher. */
export const payableBeforeWallet = (s: CostSummary): Pence => Math.max(0, pence(s, 'total') - pence(s, 'voucher_discount_amount'));

interface PriceLine {
  key: AmountKey;
  label: string;
  /** Pence; deductions (voucher, wallet) are negative. */
  amount: Pence;
}


const pct = (n: number | undefined) => (n ? ` (${Number.isInteger(n) ? n : n.toFixed(1)}%)` : '');

/**
 * Every non-zero line of the summary, in the order a buyer reads them, with the spec's labels (section 9): buyers
 * premium, VAT on products and on premium, credit card fee (card only), storage fee, shipping, late payment fee,
 * late storage fee, insurance, voucher discount, wallet use, wallet debt.
 */
export function priceLines(s: CostSummary, method: PaymentMethod | null): PriceLine[] {
  const items = s.items_count;
  const rows: [AmountKey, string, 1 | -1][] = [
    ['subtotal', `Hammer price${items ? ` (${items} ${items === 1 ? 'item' : 'items'})` : ''}`, 1],
    ['buyers_commission_amount', `Buyers premium${pct(s.buyers_commission_percent)}`, 1],
    ['vat_on_products_amount', 'VAT on products', 1],
    ['buyers_commission_vat_amount', 'VAT on premium', 1],
    ['storage_amount', 'Storage fee', 1],
    ['delivery_storage_amount', 'Storage fee (stored items)', 1],
    ['shipping_amount', shippingLabel(s.carrier), 1],
    ['late_payment_fee_amount', `Late payment fee${pct(s.late_payment_fee_percent)}`, 1],
    ['late_storage_fee_amount', 'Late storage fee', 1],
    ['insurance_amount', `Insurance${pct(s.insurance_percent)} (covers breakage or loss, not leakage)`, 1],
    ['debt', 'Wallet debt', 1],
    ['voucher_discount_amount', 'Voucher discount', -1],
    ['used_from_wallet', 'Wallet use', -1],
    ['credit_card_surcharge_amount', `Credit card fee${pct(s.credit_card_surcharge_percent)}`, 1],
  ];
  const lines: PriceLine[] = [];
  for (const [key, label, sign] of rows) {
    if (key === 'credit_card_surcharge_amount' && method !== 'CARD') continue;
    const amount = pence(s, key);
    if (amount !== 0) lines.push({ key, label, amount: sign * Math.abs(amount) });
  }
  return lines;
}

/** The part of the voucher above the total, which goes to the wallet when the order is placed (0 when none). */
export const voucherRemainder = (s: CostSummary | null): Pence => (s ? pence(s, 'voucher_remainder_amount') : 0);

export const voucherWarningText = (remainder: Pence) =>
  `Your voucher is worth more than this order. The remaining ${formatPence(remainder)} will be added to your wallet when you place the order.`;

const join = (parts: (string | undefined | null)[]) => parts.filter((p) => p?.trim()).join(', ');

/**
 * The success modal's text for a bank or in-store order (spec 1 section 4: "a composed description"): the order
 * number, the amount due and where to pay.
 */
export function orderDescription(order: OrderToDescribe, method: PaymentMethod | null, bank: Partial<BankData> | null, store: Partial<StoreInfo> | null): string {
  const due = formatPence(toPence(order.amount_due) ?? 0);
  const head = `Your order ${order.order_number} has been placed.`;
  if ((toPence(order.amount_due) ?? 0) === 0) return `${head} There is nothing left to pay.`;
  const b = order.bank_details ?? bank ?? {};
  const s = order.store_info ?? store ?? {};
  switch (method) {
    case 'UK_BANK':
      return `${head} Amount due: ${due}. Please pay by UK bank transfer to ${join([
        b.account_owner_uk, b.sort_code_uk && `sort code ${b.sort_code_uk}`, b.account_number_uk && `account number ${b.account_number_uk}`,
      ])}, quoting ${order.order_number} as the reference.`;
    case 'INT_BANK':
      return `${head} Amount due: ${due}. Please pay by international bank transfer to ${join([
        b.account_owner_int, b.iban_int && `IBAN ${b.iban_int}`, b.bic_swift_int && `BIC/SWIFT ${b.bic_swift_int}`, b.bank_address_int,
      ])}, quoting ${order.order_number} as the reference.`;
    case 'IN_STORE':
      return `${head} Amount due: ${due}. Please pay at our store${s.jw_address ? `: ${s.jw_address}` : ''}${
        s.jw_contact_phone ? ` (telephone ${s.jw_contact_phone})` : ''}, quoting ${order.order_number}.`;
    case 'CARD':
    case null:
      return `${head} Amount due: ${due}.`;
    default:
      return `${head} Amount due: ${due} by ${METHOD_LABELS[method as PaymentMethod] ?? 'the method you chose'}.`;
  }
}

/** The field errors under one part of the draft: `within(errors, 'billing_address')` -> `{zip_code: ...}`. */
export function within(errors: Record<string, string>, part: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) if (k.startsWith(`${part}.`)) out[k.slice(part.length + 1)] = v;
  return out;
}

/** The card's field errors, wherever the server put them (top level or under payment_method.details). */
export function cardFieldErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of ['card_number', 'expiry_date', 'cvv', 'card_holder_name']) {
    const v = errors[f] ?? errors[`payment_method.details.${f}`] ?? errors[`payment_method.${f}`];
    if (v) out[f] = v;
  }
  return out;
}
