/**
 * Carrying out the settlement workflow inside one decision over an order's streams (a StreamBatch, which
 * infra/commands/multi-stream.ts handleMany appends in one transaction): the workflow starts from the states the
 * batch loaded, each output runs on its stream's own decider (which may still refuse it: a lot taken, a wallet
 * overdrawn), and the order's and lots' events it produced go back to the workflow. The card refund is answered to
 * the caller, who makes it after the commit.
 */
import { assertNever } from '../../shared/decider';
import { runWorkflow } from '../../shared/workflow';
import { orderDecider } from '../decide';
import { lotPurchaseDecider } from '../lot-purchase-decide';
import { lotPurchaseStream, orderStream, voucherStream, type OrderEvent } from '../events';
import type { OrderCommand } from '../commands';
import type { LotPurchaseState } from '../lot-purchase-state';
import type { OrderState } from '../state';
import type { StreamBatch } from '../../shared/stream-batch';
import type { PaymentEvent } from '../../payments/events';
import { walletDecider } from '../../wallet/decide';
import { walletStream } from '../../wallet/events';
import { voucherDecider } from '../voucher/decide';
import { orderSettlement } from './decide';
import type { SettlementInput } from './events';
import type { RefundPayment, SettlementOutput } from './outputs';
import type { SettlementState } from './state';
import { orderLotIds, type PlacedOrder } from './streams';

interface Settled {
  /** What the order command itself recorded (none: a repeated placement or cancellation). */
  recorded: OrderEvent[];
  /** Card payments to give back (the order no longer awaited payment). */
  refunds: RefundPayment[];
}

/** An order command (place, pay, cancel) and everything the workflow answers to what it recorded. */
export function settleOrderCommand(batch: StreamBatch, order: PlacedOrder, command: OrderCommand): Settled {
  const state = stateOf(batch, order);
  const recorded = batch.run(orderStream(order.order_id), orderDecider, command);
  return { recorded, refunds: settle(batch, state, recorded) };
}

/** The order's side of its card payment's outcome, decided in the same batch as the payment's events. */
export function settleCardPayment(batch: StreamBatch, order: PlacedOrder, payment: PaymentEvent[]): Settled {
  return { recorded: [], refunds: settle(batch, stateOf(batch, order), payment) };
}

function settle(batch: StreamBatch, state: SettlementState, inputs: SettlementInput[]): RefundPayment[] {
  const { outputs } = runWorkflow(orderSettlement, state, inputs, (output) => execute(batch, output));
  return outputs.flatMap((o) => (o.to === 'payment' ? [o.command] : []));
}

/** The workflow's state over the streams the batch loaded (the fold of the same events with the same evolve). */
function stateOf(batch: StreamBatch, order: PlacedOrder): SettlementState {
  const lots = Object.fromEntries(orderLotIds(order).map((id) => [id, batch.state<LotPurchaseState>(lotPurchaseStream(id))]));
  return { order: batch.state<OrderState>(orderStream(order.order_id)), lots };
}

/** Runs one output on its stream; answers the events the workflow is shown (the order's and the lots'). */
function execute(batch: StreamBatch, output: SettlementOutput): SettlementInput[] {
  switch (output.to) {
    case 'order':
      return batch.run(orderStream(output.command.order_id), orderDecider, output.command);
    case 'lot-purchase':
      return batch.run(lotPurchaseStream(output.command.lot_id), lotPurchaseDecider, output.command);
    case 'wallet':
      batch.run(walletStream(output.command.user_id), walletDecider, output.command);
      return [];
    case 'voucher':
      batch.run(voucherStream(output.command.code), voucherDecider, output.command);
      return [];
    case 'payment':
      // Made by the caller after the commit: it calls the card provider, which cannot be part of the transaction.
      return [];
    default:
      return assertNever(output);
  }
}
