/** Adding and changing payout methods. */
import { Conflict, NotFound, RuleBroken } from '../../shared/errors';
import type { AddPayoutMethod, ChangePayoutMethod } from './commands';
import type { PayoutDetails, PayoutEvent } from './events';
import { accountKey, PAYOUT_FIELDS, payoutDetails, payoutLabel, type PayoutInput } from './rules';
import type { PayoutState } from './state';

const MAX_PAYOUT_METHODS = 10;
const ALREADY_SAVED = 'This payout method is already saved.';
const TOO_MANY = `You can save at most ${MAX_PAYOUT_METHODS} payout methods.`;
export const METHOD_NOT_FOUND = 'Payout method not found.';

function refuseDuplicate(state: PayoutState, details: PayoutDetails, exceptId: string | null): void {
  const key = accountKey(details);
  for (const m of Object.values(state.methods)) {
    if (m.id !== exceptId && accountKey(m.details) === key) throw new RuleBroken(ALREADY_SAVED);
  }
}

export function addPayoutMethod(c: AddPayoutMethod, state: PayoutState): PayoutEvent[] {
  if (state.methods[c.method_id]) throw new Conflict('This payout method id is already used.');
  const details = payoutDetails(c.input);
  if (Object.keys(state.methods).length >= MAX_PAYOUT_METHODS) throw new RuleBroken(TOO_MANY);
  refuseDuplicate(state, details, null);
  const isDefault = state.defaultId === null || c.make_default;
  const events: PayoutEvent[] = [{
    type: 'PayoutMethodAdded',
    data: { user_id: c.user_id, method_id: c.method_id, details, label: payoutLabel(details), is_default: isDefault, at: c.now },
  }];
  if (isDefault && state.defaultId !== null) {
    events.push({ type: 'DefaultPayoutMethodChanged', data: { user_id: c.user_id, method_id: c.method_id, previous_method_id: state.defaultId, at: c.now } });
  }
  return events;
}

/** The saved details as form fields, overlaid with what was sent (a type change keeps only the sent fields). */
function merged(saved: PayoutDetails, input: PayoutInput): PayoutInput {
  const type = input.type ?? saved.type;
  const base: PayoutInput = type === saved.type ? { ...saved } : { type };
  const out: PayoutInput = { ...base, type };
  for (const field of PAYOUT_FIELDS) if (input[field] !== undefined) out[field] = input[field];
  return out;
}

const sameDetails = (a: PayoutDetails, b: PayoutDetails) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

export function changePayoutMethod(c: ChangePayoutMethod, state: PayoutState): PayoutEvent[] {
  const saved = state.methods[c.method_id];
  if (!saved) throw new NotFound(METHOD_NOT_FOUND);
  const details = payoutDetails(merged(saved.details, c.input));
  const events: PayoutEvent[] = [];
  if (!sameDetails(details, saved.details)) {
    refuseDuplicate(state, details, c.method_id);
    events.push({ type: 'PayoutMethodChanged', data: { user_id: c.user_id, method_id: c.method_id, details, label: payoutLabel(details), at: c.now } });
  }
  if (c.make_default && state.defaultId !== c.method_id) {
    events.push({ type: 'DefaultPayoutMethodChanged', data: { user_id: c.user_id, method_id: c.method_id, previous_method_id: state.defaultId, at: c.now } });
  }
  return events;
}
