/**
 * What the order settlement workflow is shown: the order's own events, its lots' purchase events and its card
 * payment's events. It reacts to some (decide.ts) and folds all of them into its state (state.ts). Each carries its
 * own time, which is the time of every command the workflow answers to it.
 */
import type { LotPurchaseEvent, OrderEvent } from '../events';
import type { PaymentEvent } from '../../payments/events';

export type SettlementInput = OrderEvent | LotPurchaseEvent | PaymentEvent;
