/**
 * What the payout calls answer (payout methods, the access code, withdrawals), as zod schemas: the routes declare
 * them and the functions building the answers return their inferred types.
 */
import { z } from 'zod';
import { badRequestAnswer, money } from '../../infra/http/answers';
import { WITHDRAWAL_STATUSES, type PayoutSnapshot, type WithdrawalStatus } from '../../domain/withdrawal/events';

const bankType = z.enum(['UK_BANK', 'INT_BANK']);

/** A payout method in full (to its owner after the access code, and to staff paying a withdrawal). */
export const payoutMethodView = z.object({
  id: z.string(), type: bankType,
  account_owner_uk: z.string().nullable(), sort_code_uk: z.string().nullable(), account_number_uk: z.string().nullable(),
  account_owner_int: z.string().nullable(), iban_int: z.string().nullable(), bic_swift_int: z.string().nullable(), bank_address_int: z.string().nullable(),
  is_default: z.boolean(), created_at: z.string(),
});
export type PayoutMethodView = z.infer<typeof payoutMethodView>;

/** A payout method as the withdrawal form offers it: no account details. */
export const maskedPayoutMethod = z.object({ id: z.string(), type: bankType, label: z.string(), is_default: z.boolean() });
export type MaskedPayoutMethod = z.infer<typeof maskedPayoutMethod>;

/** The method a withdrawal was requested to, as it was then. */
const payoutSnapshot: z.ZodType<PayoutSnapshot> = z.object({ id: z.string(), type: bankType, label: z.string() });

/**
 * A refused code: the API's error shape (`detail`) with the same text as `msg`, which the specification's client
 * shows (services/withdrawal/code-messages.ts).
 */
const codeRefusal = z.object({ detail: z.string(), msg: z.string() });
export type CodeRefusal = z.infer<typeof codeRefusal>;

/** A 400 of a call that checks a code: field errors, `{detail}`, or a refused code. */
export const codeBadRequest = z.union([codeRefusal, badRequestAnswer]);

export const codeSent = z.object({ msg: z.string() });

/** The access code confirmed: payout details are open until `expires_at`. */
export const accessGranted = z.object({ access: z.literal(true), msg: z.string(), expires_at: z.string().nullable() });
export type AccessGranted = z.infer<typeof accessGranted>;

/** Whether payout details are open (no code sent), or the answer of checking the code sent. */
export const accessStatus = z.union([accessGranted, z.object({ access: z.boolean(), expires_at: z.string().nullable() })]);

export const withdrawalView = z.object({
  id: z.string(),
  amount: money,
  status: z.enum(WITHDRAWAL_STATUSES as [WithdrawalStatus, ...WithdrawalStatus[]]),
  payment_method: payoutSnapshot,
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  paid_out_at: z.string().nullable(),
  reference: z.string().nullable(),
  rejected_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

export const staffWithdrawalView = withdrawalView.extend({
  user: z.object({ id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  paid_out_by: z.string().nullable(),
  rejected_by: z.string().nullable(),
  /** The method's details now (what staff pay to); null if it could not be found. */
  payout_details: payoutMethodView.nullable(),
  /** The method was edited after the request (its label no longer matches the snapshot): check with the user. */
  details_changed: z.boolean(),
});
export type StaffWithdrawalView = z.infer<typeof staffWithdrawalView>;

/** POST /api/withdraw/ (201): the withdrawal waits for the code just emailed. */
export const requestedWithdrawal = z.object({
  id: z.string(), amount: money, status: z.literal('awaiting_code'), payment_method: payoutSnapshot, created_at: z.string(), code_expires_at: z.string(),
});
export type RequestedWithdrawal = z.infer<typeof requestedWithdrawal>;

export const withdrawalConfirmed = z.object({ id: z.string(), status: z.literal('confirmed'), msg: z.string() });
export const newWithdrawalCode = z.object({ id: z.string(), code_expires_at: z.string(), msg: z.string() });
