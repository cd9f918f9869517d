/**
 * The withdrawal form (POST /api/withdraw/), checked against the user's payout methods and available balance.
 * Errors are keyed by field with payment_method first (the client keeps them per field, preferring payment_method).
 * A withdrawal never uses the overdraft: the amount must fit in what is available.
 */
import { ValidationError, type FieldErrors } from '../shared/errors';
import { decimalToPence, type Pence } from '../shared/money';
import type { PayoutState, SavedPayoutMethod } from './payout-method/state';
import type { PayoutSnapshot } from './events';

const PAYMENT_METHOD_REQUIRED = 'This field is required';
const PAYMENT_METHOD_UNKNOWN = 'Choose one of your payout methods.';
const AMOUNT_REQUIRED = 'Amount is required';
const AMOUNT_NOT_POSITIVE = 'Amount must be greater than 0';
const AMOUNT_INVALID = 'Enter an amount in pounds, e.g. 25.00';
const AMOUNT_OVER_BALANCE = 'Amount cannot exceed the balance';

/** As sent (numbers already turned into strings at the edge); null when missing. */
export interface WithdrawalForm { payment_method: string | null; amount: string | null }

interface CheckedWithdrawal { method: SavedPayoutMethod; amount_pence: Pence }

export function checkWithdrawalForm(form: WithdrawalForm, methods: PayoutState, availablePence: Pence): CheckedWithdrawal {
  const errors: FieldErrors = {};
  const methodId = form.payment_method?.trim() ?? '';
  const method = methodId === '' ? undefined : methods.methods[methodId];
  if (methodId === '') errors.payment_method = [PAYMENT_METHOD_REQUIRED];
  else if (!method) errors.payment_method = [PAYMENT_METHOD_UNKNOWN];

  const raw = form.amount?.trim() ?? '';
  const negative = /^-\s*\d/.test(raw);
  const amount: Pence | null = raw === '' || negative ? null : decimalToPence(raw);
  if (raw === '') errors.amount = [AMOUNT_REQUIRED];
  else if (negative) errors.amount = [AMOUNT_NOT_POSITIVE];
  else if (amount === null) errors.amount = [AMOUNT_INVALID];
  else if (amount <= 0) errors.amount = [AMOUNT_NOT_POSITIVE];
  else if (amount > availablePence) errors.amount = [AMOUNT_OVER_BALANCE];

  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { method: method as SavedPayoutMethod, amount_pence: amount as Pence };
}

export function snapshotOf(method: SavedPayoutMethod): PayoutSnapshot {
  return { id: method.id, type: method.details.type, label: method.label };
}
