/**
 * The checkout's own rules (spec 1 section 4), pure: the draft's defaults and how a change of service resets it,
 * which sections show, when Place Order is enabled, when and on what the price is recalculated, and the body sent to
 * check_costs and create_order. The page's query, the 3-D Secure browser data and storage days: page-rules.ts.
 */
import type {
  CardDetails, CostSummary, Draft, DraftBody, PaymentDetails, PaymentMethod, PersonalInformation, Service,
} from './types';
import { toPence } from '../../lib/money';
import { CARD_PAYMENT_LIMIT_PENCE } from '../../../../domain/checkout/rates';
import { ORDER_MSG } from '../../../../domain/orders/messages';
import type { Address } from '../../api/addresses';

const FREE_STORAGE_DAYS = 45;
export const NOTE_MAX = 600;
/** Card payments are priced again this long after all four card fields are filled (spec 1 section 9). */
export const CARD_RECALC_MS = 1500;
export const SUCCESS_CALLBACK = '/checkout-success?flow_type=checkout';

export const SERVICE_LABELS: Record<Service, string> = {
  delivery: 'Ship items',
  storage: 'Store items',
  collection: 'Collect items in store',
  wallet_settle: 'Settle wallet balance',
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  CARD: 'Credit / debit card',
  UK_BANK: 'UK bank transfer',
  INT_BANK: 'International bank transfer',
  IN_STORE: 'Pay in store',
};

export const emptyPersonal = (): PersonalInformation => ({
  first_name: '', last_name: '', phone_number: '', additional_phone_number: '', email: '',
});

/** The draft's defaults for a service (spec 1 section 3): no wallet use, 45 free storage days, insurance on for delivery. */
export function defaultDraft(service: Service = 'delivery', personal: PersonalInformation = emptyPersonal()): Draft {
  return {
    service,
    lots_from_storage: [],
    insurance: service === 'delivery',
    discount_code: '',
    used_from_wallet: '0.00',
    note_from_customer: '',
    personal_information: { ...personal },
    billing_address: null,
    shipping_address: null,
    shipping_same_as_billing: false,
    payment: { kind: null, bank_location: null, card_id: null },
    storage_type: 'days',
    storage_days: FREE_STORAGE_DAYS,
    storage_months: 0,
  };
}

/**
 * The draft after the buyer changes the service (spec 1 section 4): delivery keeps only insurance, note, discount,
 * stored lots and wallet use; store pickup and storage start from their defaults but keep billing, personal
 * information and a card payment; wallet settle keeps only the discount and the note. `personal` refills the contact
 * details a reset cleared (the signed-in user's own).
 */
export function draftForService(prev: Draft, service: Service, personal: PersonalInformation = emptyPersonal()): Draft {
  const next = defaultDraft(service, personal);
  switch (service) {
    case 'delivery':
      return {
        ...next,
        insurance: prev.service === 'delivery' ? prev.insurance : true,
        note_from_customer: prev.note_from_customer,
        discount_code: prev.discount_code,
        lots_from_storage: [...prev.lots_from_storage],
        used_from_wallet: prev.used_from_wallet,
      };
    case 'storage':
    case 'collection':
      return {
        ...next,
        billing_address: prev.billing_address ? { ...prev.billing_address } : null,
        personal_information: { ...prev.personal_information },
        payment: prev.payment.kind === 'CARD' ? { ...prev.payment } : next.payment,
      };
    case 'wallet_settle':
      return { ...next, discount_code: prev.discount_code, note_from_customer: prev.note_from_customer };
    default:
      return assertNever(service);
  }
}

function assertNever(x: never): never {
  throw new Error(`unexpected ${String(x)}`);
}

/** The server's payment method for the buyer's choice; null while a bank transfer has no bank location yet. */
export function paymentMethodOf(payment: Draft['payment']): PaymentMethod | null {
  switch (payment.kind) {
    case 'CARD': return 'CARD';
    case 'IN_STORE': return 'IN_STORE';
    case 'BANK': return payment.bank_location === 'UK' ? 'UK_BANK' : payment.bank_location === 'INT' ? 'INT_BANK' : null;
    case null: return null;
    default: return assertNever(payment.kind);
  }
}

const filled = (s: string | undefined | null) => !!s && s.trim() !== '';

interface Sections {
  billing: boolean;
  shipping: boolean;
  storagePeriod: boolean;
  storedItems: boolean;
  note: boolean;
  payment: boolean;
  itemSummary: boolean;
}

/** Which sections show (spec 1 sections 2 and 4). */
export function visibleSections(d: Pick<Draft, 'service' | 'billing_address' | 'shipping_address'>): Sections {
  const delivery = d.service === 'delivery';
  return {
    billing: !!d.service,
    shipping: delivery,
    storagePeriod: d.service === 'storage',
    storedItems: delivery || d.service === 'storage',
    note: d.service !== 'wallet_settle',
    payment: filled(d.billing_address?.zip_code) && (!delivery || filled(d.shipping_address?.zip_code)),
    itemSummary: d.service !== 'wallet_settle',
  };
}

export type BlockReason = 'service' | 'billing' | 'shipping' | 'payment' | 'card' | 'card-limit' | 'nothing-to-pay' | 'price-error';

export const BLOCK_TEXT: Record<BlockReason, string> = {
  service: 'Choose a service method.',
  billing: 'Add your billing address.',
  shipping: 'Add the shipping address.',
  payment: 'Choose how you will pay.',
  card: 'Enter your card details.',
  // The server's own refusal (create_order), so the page and the API say the same.
  'card-limit': ORDER_MSG.overCardLimit,
  'nothing-to-pay': 'There is nothing to pay for.',
  'price-error': 'We could not work out the price of this order.',
};

/**
 * Why Place Order is disabled, or null when it is enabled (spec 1 section 4): a method, the billing postcode, for
 * delivery the shipping postcode, a payment method, for a card a number (or a saved card) and an amount within the
 * card limit; and not when the total and the wallet use are both 0.00 or the price has an error.
 */
export function placeOrderBlock(
  d: Draft, opts: { cardNumberEntered: boolean; summary: CostSummary | null; priceError: boolean },
): BlockReason | null {
  if (!d.service) return 'service';
  if (!filled(d.billing_address?.zip_code)) return 'billing';
  if (d.service === 'delivery' && !filled(d.shipping_address?.zip_code)) return 'shipping';
  const method = paymentMethodOf(d.payment);
  if (!method) return 'payment';
  // Over the limit, no card will do: said before asking for one.
  if (method === 'CARD' && cardOverLimit(opts.summary)) return 'card-limit';
  if (method === 'CARD' && !d.payment.card_id && !opts.cardNumberEntered) return 'card';
  if (opts.priceError) return 'price-error';
  if (opts.summary && isZero(opts.summary.total) && isZero(opts.summary.used_from_wallet)) return 'nothing-to-pay';
  return null;
}

/** The amount to pay by card is over the house's card limit (the server refuses it: docs/checkout.md). */
export const cardOverLimit = (summary: CostSummary | null): boolean =>
  summary !== null && (toPence(summary.credit_debit_card) ?? 0) > CARD_PAYMENT_LIMIT_PENCE;

const isZero = (amount: string | undefined) => (toPence(amount ?? '0') ?? 0) === 0;

/**
 * Whether the price can be asked for (spec 1 section 4): billing and a payment method set (delivery also needs the
 * shipping address) and an email known.
 */
export function costsReady(d: Draft): boolean {
  if (!filled(d.personal_information.email)) return false;
  if (!filled(d.billing_address?.zip_code) || !paymentMethodOf(d.payment)) return false;
  return d.service !== 'delivery' || filled(d.shipping_address?.zip_code);
}

/**
 * Everything a recalculation follows (spec 1 section 4): insurance, wallet use, storage period, discount, payment
 * method and details, postcodes (and the countries, which decide the carrier), stored lots, email. `card` is the
 * card part: "" until all four fields are filled, then their values, so typing does not recalculate.
 */
export function costsKey(d: Draft, card: string): string {
  const delivery = d.service === 'delivery';
  return JSON.stringify([
    d.service, delivery && d.insurance, d.used_from_wallet, d.storage_type, d.storage_days, d.storage_months, d.discount_code,
    paymentMethodOf(d.payment), d.payment.card_id, card,
    d.billing_address?.zip_code ?? '', d.billing_address?.country ?? '',
    delivery ? (d.shipping_address?.zip_code ?? '') : '', delivery ? (d.shipping_address?.country ?? '') : '',
    [...d.lots_from_storage].sort(), d.personal_information.email.trim().toLowerCase(),
  ]);
}

/** The card part of costsKey (see there). */
export const cardKeyPart = (card: CardDetails | null): string => (card ? JSON.stringify(card) : '');

/** How long to wait before asking for the price: 1.5 s when only the card's details changed, a moment otherwise. */
export function recalcDelay(prevKey: string | null, nextKey: string): number {
  if (prevKey === null) return 0;
  const a = JSON.parse(prevKey) as unknown[];
  const b = JSON.parse(nextKey) as unknown[];
  const CARD_AT = 9;
  const onlyCard = a.every((v, i) => i === CARD_AT || JSON.stringify(v) === JSON.stringify(b[i])) && a[CARD_AT] !== b[CARD_AT];
  return onlyCard && b[CARD_AT] !== '' ? CARD_RECALC_MS : 250;
}

const cleanAddress = (a: Address | null): Address | null => {
  if (!a) return null;
  const out: Address = {
    country: a.country, region: a.region ?? '', city: a.city.trim(), street: a.street.trim(), apartment: (a.apartment ?? '').trim(),
    zip_code: a.zip_code.trim(), type_delivery: a.type_delivery ?? '',
  };
  if (a.id) out.id = a.id;
  if (a.name) out.name = a.name.trim();
  if (a.company) out.company = a.company.trim();
  if (a.phone_number) out.phone_number = a.phone_number.trim();
  return out;
};

/**
 * The draft as check_costs and create_order take it. `card` is the new card's details (null for a saved card, or
 * while not all filled in: check_costs then prices the card surcharge without them).
 */
export function draftBody(d: Draft, card: CardDetails | null): DraftBody {
  const method = paymentMethodOf(d.payment);
  let details: PaymentDetails = {};
  if (method === 'CARD') details = d.payment.card_id ? { card_id: d.payment.card_id } : (card ?? {});
  else if ((method === 'UK_BANK' || method === 'INT_BANK') && d.payment.bank_location) details = { bank_location: d.payment.bank_location };
  const delivery = d.service === 'delivery';
  const settle = d.service === 'wallet_settle';
  const body: DraftBody = {
    lots_from_storage: delivery || d.service === 'storage' ? [...d.lots_from_storage] : [],
    insurance: delivery && d.insurance,
    discount_code: d.discount_code,
    used_from_wallet: settle ? '0.00' : d.used_from_wallet,
    note_from_customer: settle ? '' : d.note_from_customer.trim(),
    personal_information: { ...d.personal_information, email: d.personal_information.email.trim() },
    billing_address: cleanAddress(d.billing_address),
    payment_method: { method, details },
    storage_months: d.storage_months,
    storage_days: d.storage_days,
    storage_type: d.storage_type,
  };
  if (delivery) body.shipping_address = cleanAddress(d.shipping_address);
  return body;
}

/** The new card's details as the draft sends them: spaces out of the number, the slash out of the expiry. */
export const cardDetails = (c: { card_number: string; expiry_date: string; card_holder_name: string; cvv: string }): CardDetails => ({
  card_number: c.card_number.replace(/\s+/g, ''),
  expiry_date: c.expiry_date.replace('/', '').trim(),
  card_holder_name: c.card_holder_name.trim().replace(/\s+/g, ' '),
  cvv: c.cvv.trim(),
});
