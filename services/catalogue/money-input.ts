/** Money in requests: a decimal string ("125.50") or a number of pounds (125.5), turned into integer pence. */
import { z } from 'zod';
import { decimalToPence } from '../../domain/shared/money';
import { AMOUNT_TOO_HIGH, MAX_AMOUNT } from '../../domain/catalogue/lot/increments';

export const AMOUNT_MESSAGE = 'Enter an amount in pounds, e.g. 125 or 125.50.';

export const moneyInput = z.union([z.string(), z.number()], { message: AMOUNT_MESSAGE }).transform((value, ctx) => {
  const pence = decimalToPence(value);
  if (pence === null) {
    ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
    return z.NEVER;
  }
  if (pence > MAX_AMOUNT) {
    ctx.addIssue({ code: 'custom', message: AMOUNT_TOO_HIGH });
    return z.NEVER;
  }
  return pence;
});
