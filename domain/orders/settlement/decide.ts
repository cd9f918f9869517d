/**
 * The order settlement workflow (docs/architecture.md, "Order settlement workflow"): what the streams of an order do
 * when the order is placed, paid or cancelled, and what the order does when its card payment succeeds or fails.
 * Pure: the input is an event (with its time), the state is folded from events, the answer is commands
 * (outputs.ts). run.ts carries it out inside the decision that produced the input, in one transaction.
 */
import { assertNever } from '../../shared/decider';
import type { Workflow } from '../../shared/workflow';
import type { SettlementInput } from './events';
import type { SettlementOutput } from './outputs';
import { evolveSettlement, initialSettlementState, type SettlementState } from './state';
import { onOrderPlaced } from './placed';
import { onOrderPaid } from './paid';
import { onOrderCancelled } from './cancelled';
import { onCardFailed, onCardSucceeded } from './card-payment';

function decideSettlement(input: SettlementInput, state: SettlementState): SettlementOutput[] {
  switch (input.type) {
    case 'OrderPlaced':
      return onOrderPlaced(input.data);
    case 'OrderPaid':
      return onOrderPaid(input.data, state);
    case 'OrderCancelled':
      return onOrderCancelled(input.data, state);
    case 'PaymentSucceeded':
      return onCardSucceeded(input.data, state);
    case 'PaymentFailed':
      return onCardFailed(input.data, state);
    // Steps along the way: they change the state (a lot held, paid, stored), and call for nothing more.
    case 'OrderStatusChanged':
    case 'LotReserved':
    case 'LotReservationReleased':
    case 'LotPaid':
    case 'LotStorageExtended':
    case 'LotLeftStorage':
    case 'PaymentRequested':
    case 'PaymentRequestLapsed':
    case 'PaymentCreated':
    case 'PaymentChallengeRequired':
    case 'PaymentRefundDecided':
    case 'PaymentRefunded':
      return [];
    default:
      return assertNever(input);
  }
}

export const orderSettlement: Workflow<SettlementState, SettlementInput, SettlementOutput> = {
  initialState: initialSettlementState,
  decide: decideSettlement,
  evolve: evolveSettlement,
};
