/** Staff issue a voucher code once (codes are case-insensitive: kept upper case). */
import { Conflict, ValidationError, type FieldErrors } from '../../shared/errors';
import type { VoucherEvent } from '../events';
import type { IssueVoucher } from './commands';
import { VOUCHER_MAX_USES, VOUCHER_MAX_VALUE, VOUCHER_MSG, codeError, normaliseCode } from './rules';
import type { VoucherState } from './state';

export function issueVoucher(c: IssueVoucher, state: VoucherState): VoucherEvent[] {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const codeProblem = codeError(c.code);
  if (codeProblem) add('code', codeProblem);
  if (c.kind === 'fixed' && !(Number.isInteger(c.value) && c.value >= 1)) add('value', VOUCHER_MSG.fixedValue);
  else if (c.kind === 'fixed' && c.value > VOUCHER_MAX_VALUE) add('value', VOUCHER_MSG.fixedValueTooHigh);
  if (c.kind === 'percent' && !(Number.isInteger(c.value) && c.value >= 1 && c.value <= 10_000)) add('value', VOUCHER_MSG.percentValue);
  if (c.expires_at !== null && !(Date.parse(c.expires_at) > Date.parse(c.now))) add('expires_at', VOUCHER_MSG.expiryPast);
  if (c.max_uses !== null && !(Number.isInteger(c.max_uses) && c.max_uses >= 1)) add('max_uses', VOUCHER_MSG.maxUses);
  else if (c.max_uses !== null && c.max_uses > VOUCHER_MAX_USES) add('max_uses', VOUCHER_MSG.maxUsesTooMany);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (state.voucher) throw new Conflict(VOUCHER_MSG.exists);
  return [{
    type: 'VoucherIssued',
    data: {
      code: normaliseCode(c.code), kind: c.kind, value: c.value,
      expires_at: c.expires_at === null ? null : new Date(c.expires_at).toISOString(),
      max_uses: c.max_uses, once_per_user: c.once_per_user, by: c.by, at: c.now,
    },
  }];
}
