/**
 * The price input of a checkout draft, built from the server's own records (never the client's figures): the
 * caller's won unpaid lots, the stored lots they chose, their wallet, the voucher, the shipping zone of the shipping
 * address. Shared by check_costs (services/checkout) and create_order (services/orders), so both price a draft the
 * same way and refuse it with the same messages. Pricing itself: domain/checkout/price-summary.ts.
 *
 *   const basis = await buildCheckout(ctx, userId, service, draft);   // records + PriceInput
 *   const summary = priceSummary(basis.input);                         // may throw the pricing's own refusals
 */
import type { AppContext } from '../context';
import type { PricedLot, PriceInput, Service, StoragePeriodChoice, StoredLot } from '../../domain/checkout/types';
import type { OrderAddress, OrderLot } from '../../domain/orders/events';
import { RuleBroken, ValidationError } from '../../domain/shared/errors';
import { NO_WON_LOTS_MESSAGE, WALLET_SETTLE_MESSAGE } from '../../domain/checkout/price-summary';
import { walletView, type WalletView } from '../wallet/wallet-commands';
import type { Draft } from './draft-schema';
import { storedLots, wonUnpaidLots, type CheckoutLot, type StoredCheckoutLot } from './lot-queries';
import { toVoucher, usableVoucher, type VoucherRow } from './vouchers';
import { carrierOf, resolveDraftAddress } from './addresses';

export const STORED_LOTS_MESSAGE = 'Some of these lots are not in your storage.';

export interface CheckoutBasis {
  input: PriceInput;
  /** The won lots in this order (none for wallet settle), as OrderPlaced records them. */
  lots: OrderLot[];
  won_lots: CheckoutLot[];
  /** The stored lots in this order (delivery and storage only). */
  stored_lots: StoredCheckoutLot[];
  stored_lot_ids: string[];
  voucher: VoucherRow | null;
  storage: StoragePeriodChoice | null;
  billing_address: OrderAddress | null;
  shipping_address: OrderAddress | null;
  wallet: WalletView;
}

function pricedLot(lot: CheckoutLot): PricedLot {
  return { lot_id: lot.id, hammer_pence: lot.hammer_pence, vat_enabled: lot.vat_enabled, auction_ended_at: lot.ended_at.toISOString() };
}

function orderLot(lot: CheckoutLot): OrderLot {
  return {
    lot_id: lot.id, seller_id: lot.seller_id, auction_id: lot.auction_id, reference_no: lot.reference_no, title: lot.title,
    hammer_pence: lot.hammer_pence, vat_enabled: lot.vat_enabled, reserve_fee_pence: lot.reserve_fee_pence,
    auction_ended_at: lot.ended_at.toISOString(),
  };
}

function storageChoice(service: Service, draft: Draft): StoragePeriodChoice | null {
  if (service !== 'storage') return null;
  return draft.storage_type === 'months'
    ? { storage_type: 'months', value: draft.storage_months }
    : { storage_type: 'days', value: draft.storage_days };
}

const takesStoredLots = (service: Service) => service === 'delivery' || service === 'storage';

/**
 * Reads everything the price depends on and checks what needs the records: wallet settle only with a negative
 * balance; stored lots must be the caller's, paid and in storage (and in no other unpaid order); some lot to pay
 * for; a shipping address for delivery; the voucher usable by the caller. The pricing refuses the rest (undeliverable
 * zone, wallet use above the balance, a storage period not offered).
 */
export async function buildCheckout(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string, service: Service, draft: Draft): Promise<CheckoutBasis> {
  const now = ctx.clock.now();
  const storedIds = takesStoredLots(service) ? draft.lots_from_storage : [];
  const [won, stored, wallet, billing, shipping] = await Promise.all([
    service === 'wallet_settle' ? Promise.resolve([]) : wonUnpaidLots(ctx.db, userId),
    storedLots(ctx.db, userId, storedIds),
    walletView(ctx, userId),
    resolveDraftAddress(ctx, userId, 'billing_address', draft.billing_address),
    service === 'delivery' ? resolveDraftAddress(ctx, userId, 'shipping_address', draft.shipping_address) : Promise.resolve(null),
  ]);
  if (service === 'wallet_settle' && wallet.available_pence >= 0) throw new RuleBroken(WALLET_SETTLE_MESSAGE);
  if (stored.length !== storedIds.length) throw new ValidationError({ lots_from_storage: [STORED_LOTS_MESSAGE] });
  if (service !== 'wallet_settle' && won.length === 0 && stored.length === 0) throw new RuleBroken(NO_WON_LOTS_MESSAGE);
  if (service === 'delivery' && !shipping) throw new ValidationError({ shipping_address: ['This field is required'] });
  const voucher = draft.discount_code ? await usableVoucher(ctx, userId, draft.discount_code, now) : null;
  const storage = storageChoice(service, draft);
  const input: PriceInput = {
    service,
    won_lots: won.map(pricedLot),
    stored_lots: stored.map((lot): StoredLot => ({ lot_id: lot.id, storage_expires_at: lot.storage_expires_at.toISOString() })),
    carrier: service === 'delivery' && shipping ? carrierOf(shipping.country) : null,
    insurance: service === 'delivery' && draft.insurance,
    storage,
    payment_method: draft.payment_method?.method ?? null,
    voucher: voucher ? toVoucher(voucher) : null,
    wallet_requested_pence: service === 'wallet_settle' ? 0 : draft.used_from_wallet,
    wallet_balance_pence: wallet.available_pence,
    now: now.toISOString(),
  };
  return {
    input, lots: won.map(orderLot), won_lots: won, stored_lots: stored, stored_lot_ids: stored.map((lot) => lot.id),
    voucher, storage, billing_address: billing, shipping_address: shipping, wallet,
  };
}
