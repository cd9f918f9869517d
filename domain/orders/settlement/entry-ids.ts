/**
 * The ids of the wallet lines an order writes: derived from the order (or the lot, for a sale), so a retried decision
 * never moves money twice (the wallet refuses an entry id it holds already). The audit and the wallet replay read
 * them back (services/audit/order-checks.ts, domain/wallet/replay.ts).
 */
import type { SellerLineKind } from '../seller-settlement';

export const walletEntryIds = (orderId: string) => ({
  use: `order-${orderId}-wallet`,
  refund: `order-${orderId}-wallet-refund`,
  voucherRemainder: `order-${orderId}-voucher-remainder`,
  settlement: `order-${orderId}-settlement`,
});

export const saleEntryId = (lotId: string, line: 'proceeds' | SellerLineKind) =>
  line === 'proceeds' ? `sale-${lotId}` : `sale-${lotId}-${line}`;
