/**
 * What the order settlement workflow answers: commands for the streams an order touches, each addressed by the kind
 * of stream it goes to (the stream itself follows from the command: the order's, the lot's, the user's wallet, the
 * voucher's code), and the refund of a card payment that came too late (carried out by the payment service after the
 * commit: it calls the provider).
 */
import type { CancelOrder, PayOrder } from '../commands';
import type { LotPurchaseCommand } from '../lot-purchase-commands';
import type { CreditWallet, DebitWallet } from '../../wallet/commands';
import type { RedeemVoucher, ReverseVoucherRedemption } from '../voucher/commands';

export interface RefundPayment { type: 'RefundPayment'; payment_id: string; reason: string }

export type SettlementOutput =
  | { to: 'order'; command: PayOrder | CancelOrder }
  | { to: 'lot-purchase'; command: LotPurchaseCommand }
  | { to: 'wallet'; command: CreditWallet | DebitWallet }
  | { to: 'voucher'; command: RedeemVoucher | ReverseVoucherRedemption }
  | { to: 'payment'; command: RefundPayment };

export const toOrder = (command: PayOrder | CancelOrder): SettlementOutput => ({ to: 'order', command });
export const toLot = (command: LotPurchaseCommand): SettlementOutput => ({ to: 'lot-purchase', command });
export const toWallet = (command: CreditWallet | DebitWallet): SettlementOutput => ({ to: 'wallet', command });
export const toVoucher = (command: RedeemVoucher | ReverseVoucherRedemption): SettlementOutput => ({ to: 'voucher', command });
export const toPayment = (command: RefundPayment): SettlementOutput => ({ to: 'payment', command });

/** The actor of the lines the house writes itself (credits, fees, refunds of a cancelled order's wallet use). */
export const SYSTEM = 'system';
