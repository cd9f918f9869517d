/** Payout-method commands: ids and time come in; the raw form fields are checked by the domain (rules.ts). */
import type { PayoutInput } from './rules';

export interface AddPayoutMethod {
  type: 'AddPayoutMethod';
  user_id: string;
  method_id: string;
  input: PayoutInput;
  /** The first method is always the default; later ones when asked. */
  make_default: boolean;
  now: string;
}

/** Fields present in `input` replace the saved ones (a new `type` starts from the given fields only). */
export interface ChangePayoutMethod {
  type: 'ChangePayoutMethod';
  user_id: string;
  method_id: string;
  input: PayoutInput;
  make_default: boolean;
  now: string;
}

export type PayoutCommand = AddPayoutMethod | ChangePayoutMethod;
