/**
 * Pure rules of the staff order and voucher screens: which statuses an order may move forward to, which unpaid
 * orders staff mark paid, and the voucher form's checks (product rules: codes of 3 to 10 characters, fixed or
 * percentage, expiry, limited uses, once per user) with the messages of docs/checkout-api.md.
 */
import { formatPence, penceToDecimal, toPence } from '../../../lib/money';
import type { StaffVoucher } from '../../../api/contract';
import type { StaffOrder, VoucherBody, VoucherKind } from './api';
import { VOUCHER_MAX_USES, VOUCHER_MAX_VALUE } from '../../../../../domain/orders/voucher/rules';

/** The statuses the order may move to now, as the server lists them (forward only along its service's path). */
export function nextStatuses(order: { status: string; next_statuses: readonly string[] | null }): string[] {
  return (order.next_statuses ?? []).filter((s) => s !== order.status && s !== 'cancelled');
}

/** Bank transfers and in-store payments are recorded by staff; card payments record themselves. */
export const staffRecordsPayment = (o: Pick<StaffOrder, 'status' | 'payment_method'>) =>
  o.status === 'awaiting_payment' && ['UK_BANK', 'INT_BANK', 'IN_STORE'].includes(o.payment_method ?? '');

export const canCancel = (o: Pick<StaffOrder, 'status'>) => o.status === 'awaiting_payment';

export const PAYMENT_LABELS: Record<string, string> = {
  CARD: 'Card', UK_BANK: 'UK bank transfer', INT_BANK: 'International bank transfer', IN_STORE: 'In store', NONE: 'Wallet / voucher',
};

export const SERVICE_LABELS: Record<string, string> = {
  delivery: 'Delivery', storage: 'Storage', collection: 'Collection', wallet_settle: 'Wallet settle',
};

export const VOUCHER_MSG = {
  required: 'This field is required',
  codeMin: 'Code characters limit - min 3 symbols',
  codeMax: 'Code characters limit - max 10 symbols',
  codeChars: 'Letters and digits only',
  amount: 'Enter an amount in pounds, e.g. 10 or 12.50',
  positive: 'Amount must be greater than 0',
  percent: 'Enter a percentage from 1 to 100',
  expiry: 'The expiry date must be in the future',
  maxUses: 'Enter a whole number of uses, at least 1, or leave empty for no limit',
  tooMuch: 'Enter an amount of at most £10,000,000.00',
  tooManyUses: 'Enter at most 1,000,000 uses, or leave empty for no limit',
} as const;

export interface VoucherDraft {
  code: string;
  kind: VoucherKind;
  value: string;
  /** yyyy-mm-dd, or empty for no expiry. */
  expires: string;
  maxUses: string;
  oncePerUser: boolean;
}

export type VoucherErrors = Partial<Record<'code' | 'value' | 'expires_at' | 'max_uses', string>>;

/** The end of the chosen day (local time): a voucher is good all day long. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59`);

/** Checks the form; answers the request body or the errors by field (keyed as the server keys them). */
export function checkVoucher(d: VoucherDraft, now: number): { ok: true; body: VoucherBody } | { ok: false; errors: VoucherErrors } {
  const errors: VoucherErrors = {};
  const code = d.code.trim().toUpperCase();
  if (!code) errors.code = VOUCHER_MSG.required;
  else if (code.length < 3) errors.code = VOUCHER_MSG.codeMin;
  else if (code.length > 10) errors.code = VOUCHER_MSG.codeMax;
  else if (!/^[A-Z0-9]+$/.test(code)) errors.code = VOUCHER_MSG.codeChars;

  let value = '';
  const raw = d.value.trim();
  if (!raw) errors.value = VOUCHER_MSG.required;
  else if (d.kind === 'fixed') {
    const pence = toPence(raw);
    if (pence === null) errors.value = VOUCHER_MSG.amount;
    else if (pence <= 0) errors.value = VOUCHER_MSG.positive;
    else if (pence > VOUCHER_MAX_VALUE) errors.value = VOUCHER_MSG.tooMuch;
    else value = penceToDecimal(pence);
  } else {
    const n = Number(raw.replace(/%$/, ''));
    if (!/^\d{1,3}(\.\d{1,2})?%?$/.test(raw) || !(n >= 1 && n <= 100)) errors.value = VOUCHER_MSG.percent;
    else value = penceToDecimal(Math.round(n * 100));
  }

  let expires_at: string | null = null;
  if (d.expires) {
    const end = endOfDay(d.expires);
    if (Number.isNaN(end.getTime()) || end.getTime() <= now) errors.expires_at = VOUCHER_MSG.expiry;
    else expires_at = end.toISOString();
  }

  let max_uses: number | null = null;
  if (d.maxUses.trim()) {
    const n = Number(d.maxUses.trim());
    if (!Number.isInteger(n) || n < 1) errors.max_uses = VOUCHER_MSG.maxUses;
    else if (n > VOUCHER_MAX_USES) errors.max_uses = VOUCHER_MSG.tooManyUses;
    else max_uses = n;
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body: { code, kind: d.kind, value, expires_at, max_uses, once_per_user: d.oncePerUser } };
}

/** "£10" or "15%". */
export function voucherValueLabel(kind: VoucherKind | StaffVoucher['kind'], value: string): string {
  const pence = toPence(value);
  if (pence === null) return value;
  return kind === 'percent' ? `${pence / 100}%` : formatPence(pence);
}
