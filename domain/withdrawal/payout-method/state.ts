/** Payout-methods state: the user's methods and which one is the default. */
import { assertNever } from '../../shared/decider';
import type { PayoutDetails, PayoutEvent } from './events';

export interface SavedPayoutMethod { id: string; details: PayoutDetails; label: string; created_at: string }

export interface PayoutState {
  userId: string;
  methods: Readonly<Record<string, SavedPayoutMethod>>;
  defaultId: string | null;
}

export const initialPayoutState: PayoutState = Object.freeze({ userId: '', methods: Object.freeze({}), defaultId: null }) as PayoutState;

export function evolvePayout(state: PayoutState, event: PayoutEvent): PayoutState {
  const d = event.data;
  switch (event.type) {
    case 'PayoutMethodAdded': {
      const e = event.data;
      const method: SavedPayoutMethod = { id: e.method_id, details: e.details, label: e.label, created_at: e.at };
      return { userId: d.user_id, methods: { ...state.methods, [e.method_id]: method }, defaultId: e.is_default ? e.method_id : state.defaultId };
    }
    case 'PayoutMethodChanged': {
      const e = event.data;
      const before = state.methods[e.method_id];
      if (!before) return state;
      return { ...state, methods: { ...state.methods, [e.method_id]: { ...before, details: e.details, label: e.label } } };
    }
    case 'DefaultPayoutMethodChanged':
      return { ...state, defaultId: event.data.method_id };
    default:
      return assertNever(event);
  }
}
