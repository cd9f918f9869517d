/**
 * Pure rules of the wallet screens: what the "Error occurred" dialog says (spec 2 section 8), the withdrawal form's
 * checks and field errors (section 5: kept per field, payment_method first), and how amounts read.
 */
import { ApiError } from '../api/http';
import { formatPence, toPence, type Pence } from './money';

export const WITHDRAW_MSG = {
  required: 'This field is required',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be greater than 0',
  amountOverBalance: 'Amount cannot exceed the balance',
  amountFormat: 'Enter an amount in pounds, e.g. 25 or 25.50',
  codeFormat: 'Enter the 6-digit code from the email',
} as const;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The text of the "Error occurred" dialog for a failed call: the server's message, else "Server Error". Null means
 * show nothing (a 502: the gateway is restarting and the next try will do; an aborted call).
 */
export function dialogText(e: unknown): string | null {
  if (e instanceof DOMException && e.name === 'AbortError') return null;
  if (!(e instanceof ApiError)) return e instanceof Error && e.message ? e.message : 'Server Error';
  if (e.status === 502) return null;
  if (e.status === undefined) return e.message || 'Server Error';
  const data = e.data;
  if (isObj(data) || Array.isArray(data)) return e.message || 'Server Error';
  return 'Server Error';
}

/** The server's message of a failed call ({msg} or {detail}), else the fallback (code checks show `msg` as is). */
export function serverMessage(e: unknown, fallback = 'Server Error'): string {
  if (e instanceof ApiError && isObj(e.data)) {
    for (const key of ['msg', 'detail', 'message']) {
      const v = e.data[key];
      if (typeof v === 'string' && v) return v;
    }
  }
  return dialogText(e) ?? fallback;
}

export interface WithdrawErrors {
  amount?: string;
  payment_method?: string;
}

/** The per-field errors of a refused withdrawal, and which one to point at first (payment_method wins). */
export function withdrawErrors(fields: Record<string, string>): { errors: WithdrawErrors; first: keyof WithdrawErrors | null } {
  const errors: WithdrawErrors = {};
  if (fields.payment_method) errors.payment_method = fields.payment_method;
  if (fields.amount) errors.amount = fields.amount;
  const first = errors.payment_method ? 'payment_method' : errors.amount ? 'amount' : null;
  return { errors, first };
}

/** Checks the form before it is sent; `available` is the wallet's balance in pence. */
export function checkWithdrawal(amount: string, paymentMethod: string, available: Pence | null): { errors: WithdrawErrors; pence: Pence | null } {
  const errors: WithdrawErrors = {};
  let pence: Pence | null = null;
  if (!paymentMethod) errors.payment_method = WITHDRAW_MSG.required;
  if (!amount.trim()) errors.amount = WITHDRAW_MSG.amountRequired;
  else {
    pence = toPence(amount);
    if (pence === null) errors.amount = WITHDRAW_MSG.amountFormat;
    else if (pence <= 0) errors.amount = WITHDRAW_MSG.amountPositive;
    else if (available !== null && pence > available) errors.amount = WITHDRAW_MSG.amountOverBalance;
  }
  return { errors, pence };
}

/** A code typed with spaces or a dash ("123 456") is still the code. */
export const cleanCode = (code: string) => code.replace(/[\s-]/g, '');
export const isCodeShaped = (code: string) => /^\d{6}$/.test(cleanCode(code));

/**
 * Whether a refused code ended the withdrawal (too many wrong codes): the answer's status when the server gives one,
 * else its message.
 */
export function endedWithdrawal(e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  const data = isObj(e.data) ? e.data : {};
  if (typeof data.status === 'string') return data.status === 'cancelled';
  return /cancel/i.test(serverMessage(e, ''));
}

/** "+£20" for money in, "-£20" for money out, as a statement reads. */
export function signedAmount(amount: string | null | undefined): string {
  const p = toPence(amount);
  if (p === null) return '—';
  return p > 0 ? `+${formatPence(p)}` : formatPence(p);
}

const STATUS_LABEL: Record<string, string> = {
  completed: 'Completed',
  pending: 'Pending',
  released: 'Released',
};

export const statusLabel = (status: string) => STATUS_LABEL[status] ?? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');
