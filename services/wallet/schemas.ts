/** Request shapes of the wallet API (messages are what the client shows under each field). */
import { z } from 'zod';
import { decimalToPence } from '../../domain/shared/money';
import { AMOUNT_NOT_POSITIVE, REQUIRED } from '../../domain/wallet/rules';
import { AMOUNT_TOO_HIGH, MAX_AMOUNT } from '../../domain/catalogue/lot/increments';
import { TRANSACTION_FILTERS } from './transactions';
import { money as pounds } from '../../infra/http/answers';

const ENTER_AMOUNT = 'Enter a valid amount, e.g. 25.00';

/** A money field sent as a decimal string ("25", "25.5", "25.50"; a JSON number is accepted too) -> pence. */
/**
 * `capped`: at most MAX_AMOUNT, the most a lot can sell for: what staff may move by hand in one entry, or grant as an
 * overdraft. A mistyped amount (extra zeros) is refused, and a wallet's sums stay far inside a number's exact integers.
 */
function money(options: { positive: boolean; negativeMessage: string; capped?: boolean }) {
  return z.unknown().transform((value, ctx): number => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: REQUIRED });
      return z.NEVER;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      ctx.addIssue({ code: 'custom', message: ENTER_AMOUNT });
      return z.NEVER;
    }
    if (String(value).trim().startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: options.negativeMessage });
      return z.NEVER;
    }
    const pence = decimalToPence(value);
    if (pence === null || !Number.isSafeInteger(pence)) {
      ctx.addIssue({ code: 'custom', message: ENTER_AMOUNT });
      return z.NEVER;
    }
    if (options.positive && pence <= 0) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_NOT_POSITIVE });
      return z.NEVER;
    }
    if (options.capped && pence > MAX_AMOUNT) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_TOO_HIGH });
      return z.NEVER;
    }
    return pence;
  });
}

const reason = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(500, 'Ensure this field has no more than 500 characters.');

export const adjustmentBody = z.object({
  direction: z.enum(['credit', 'debit'], { error: 'Choose credit or debit.' }),
  amount: money({ positive: true, negativeMessage: AMOUNT_NOT_POSITIVE, capped: true }),
  reason,
});

export const overdraftBody = z.object({
  limit: money({ positive: false, negativeMessage: 'The overdraft limit cannot be negative.', capped: true }),
  reason,
});

export const transactionsParams = z.object({
  type: z.enum(TRANSACTION_FILTERS, { error: `Choose one of: ${TRANSACTION_FILTERS.join(', ')}.` }),
});

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'Enter a page number.' }).int('Enter a page number.').min(1, 'Enter a page number.').default(1),
  page_size: z.coerce.number({ error: 'Enter a page size.' }).int('Enter a page size.').min(1, 'Enter a page size.').max(100, 'At most 100 per page.').default(20),
});

export const transactionParams = z.object({ id: z.string() });

export const userIdParams = z.object({ userId: z.string().uuid({ message: 'Not found.' }) });

export const staffWalletsQuery = pageQuery.extend({
  search: z.string().trim().max(100, 'Max 100 characters').default(''),
});


/** GET /api/user_wallet/'s answer. */
export const walletAnswerSchema = z.object({
  id: z.string(), balance: pounds, balance_incl_pending: pounds, overdraft_remaining: pounds, overdraft_limit: pounds, currency: z.literal('GBP'),
});
export type WalletAnswer = z.infer<typeof walletAnswerSchema>;

/** One transaction as the user's list shows it. */
export const transactionAnswerSchema = z.object({
  id: z.string(), date: z.string(), type: z.enum(['credit', 'debit', 'withdrawal']), kind: z.string(), description: z.string(),
  amount: pounds, balance: pounds, reference: z.string().nullable(), status: z.enum(['completed', 'pending', 'released']),
});
export type TransactionAnswer = z.infer<typeof transactionAnswerSchema>;

/** Staff also see who posted it and why. */
export const staffTransactionAnswerSchema = transactionAnswerSchema.extend({ by: z.string().nullable(), reason: z.string().nullable(), created_at: z.string() });
export type StaffTransactionAnswer = z.infer<typeof staffTransactionAnswerSchema>;

/** A row of the staff wallet list. */
export const staffWalletRowSchema = z.object({
  user_id: z.string(), email: z.string(), first_name: z.string(), last_name: z.string(),
  balance: pounds, balance_incl_pending: pounds, overdraft_limit: pounds, overdraft_remaining: pounds,
});
export type StaffWalletRow = z.infer<typeof staffWalletRowSchema>;

/** One wallet for staff, with its recent transactions. */
export const staffWalletDetailSchema = staffWalletRowSchema.extend({
  id: z.string(), pending: pounds, currency: z.literal('GBP'), updated_at: z.string().nullable(), transactions: z.array(staffTransactionAnswerSchema),
});
export type StaffWalletDetail = z.infer<typeof staffWalletDetailSchema>;

/** A hand-made credit or debit: the new row and the wallet after it. */
export const adjustmentAnswerSchema = z.object({ transaction: staffTransactionAnswerSchema, wallet: staffWalletDetailSchema.omit({ transactions: true }) });
export type AdjustmentAnswer = z.infer<typeof adjustmentAnswerSchema>;
