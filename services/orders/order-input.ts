/**
 * What an order is placed with, from the server's own records. The draft is priced like check_costs prices it
 * (services/checkout/price-input.ts buildCheckout: won lots, stored lots, addresses, voucher, storage period), then
 * the parts that move money or lots are taken again from their streams, which decide (the read models may be a
 * moment behind): each won lot's purchase must be free, each stored lot in the caller's storage, the wallet balance
 * and the voucher as folded from their streams. The addresses must pass the address book's rules.
 */
import type { AppContext } from '../context';
import type { PriceInput, Service } from '../../domain/checkout/types';
import type { OrderAddress } from '../../domain/orders/events';
import { lotPurchaseStream, voucherStream } from '../../domain/orders/events';
import { lotPurchaseDecider } from '../../domain/orders/lot-purchase-decide';
import { isFree, isStoredFor } from '../../domain/orders/lot-purchase-state';
import { ORDER_MSG } from '../../domain/orders/messages';
import { voucherDecider } from '../../domain/orders/voucher/decide';
import { redeemRefusal } from '../../domain/orders/voucher/state';
import { available, walletDecider } from '../../domain/wallet/decide';
import { walletStream } from '../../domain/wallet/events';
import { addressFields } from '../../domain/addresses/rules';
import { Conflict, ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { buildCheckout, STORED_LOTS_MESSAGE, type CheckoutBasis } from '../checkout/price-input';
import type { CreateOrderBody } from './create-order-schema';

interface OrderInput { basis: CheckoutBasis; input: PriceInput; billing: OrderAddress; shipping: OrderAddress | null }

/** An address under the address book's rules (normalised: the country's region name, the phone in +CC form). */
function checkedAddress(field: 'billing_address' | 'shipping_address', address: OrderAddress): OrderAddress {
  try {
    const a = addressFields(address);
    const out: OrderAddress = { country: a.country, region: a.region, city: a.city, street: a.street, apartment: a.apartment, zip_code: a.zip_code };
    if (a.name) out.name = a.name;
    if (a.company) out.company = a.company;
    if (a.phone_number) out.phone_number = a.phone_number;
    return out;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: FieldErrors = {};
    for (const [key, messages] of Object.entries(error.fields)) fields[`${field}.${key}`] = messages;
    throw new ValidationError(fields);
  }
}

export async function orderInput(ctx: AppContext, userId: string, service: Service, body: CreateOrderBody): Promise<OrderInput> {
  const basis = await buildCheckout(ctx, userId, service, body);
  const required = (field: string) => new ValidationError({ [field]: ['This field is required'] });
  if (!basis.billing_address) throw required('billing_address');
  const billing = checkedAddress('billing_address', basis.billing_address);
  let shipping: OrderAddress | null = null;
  if (service === 'delivery') {
    if (!basis.shipping_address) throw required('shipping_address');
    shipping = checkedAddress('shipping_address', basis.shipping_address);
  }

  const load = (lotId: string) => ctx.commands.load(lotPurchaseStream(lotId), lotPurchaseDecider).then((l) => l.state);
  const [won, stored, wallet, voucher] = await Promise.all([
    Promise.all(basis.lots.map((lot) => load(lot.lot_id))),
    Promise.all(basis.stored_lot_ids.map(load)),
    ctx.commands.load(walletStream(userId), walletDecider).then((w) => w.state),
    basis.voucher ? ctx.commands.load(voucherStream(basis.voucher.code), voucherDecider).then((v) => v.state) : Promise.resolve(null),
  ]);
  if (!won.every(isFree)) throw new Conflict(ORDER_MSG.lotsTaken);
  if (!stored.every((s) => isStoredFor(s, userId))) throw new ValidationError({ lots_from_storage: [STORED_LOTS_MESSAGE] });
  const now = ctx.clock.now().toISOString();
  if (voucher) {
    const refusal = redeemRefusal(voucher, userId, now);
    if (refusal) throw new ValidationError({ discount_code: [refusal] });
  }
  const input: PriceInput = {
    ...basis.input,
    stored_lots: basis.stored_lot_ids.map((lotId, i) => ({ lot_id: lotId, storage_expires_at: stored[i].storageExpiresAt as string })),
    voucher: voucher?.voucher ? { code: voucher.voucher.code, kind: voucher.voucher.kind, value: voucher.voucher.value } : null,
    wallet_balance_pence: available(wallet),
    now,
  };
  return { basis, input, billing, shipping };
}
