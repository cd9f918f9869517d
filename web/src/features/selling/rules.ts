/**
 * The sell request form, pure: its draft, the client-side checks (the same messages as the server; the pick-up date
 * rule is the domain's own file, so browser and server refuse the same days with the same words), the body of
 * POST /api/sell_request/?type=new_items, and the server's field errors ("items.0.title", "address.city") mapped back.
 */
import { PICK_UP_NOT_FUTURE, PICK_UP_WEEKEND, pickUpDateError } from '../../../../domain/selling/sell-requests/pick-up-date';
import { formatPence, toPence, type Pence } from '../../lib/money';
import type { NewItemsBody as ContractNewItemsBody } from '../../api/contract';

export { PICK_UP_NOT_FUTURE, PICK_UP_WEEKEND };

export const REQUIRED = 'This field is required';
export const QUANTITY_MSG = 'Enter a whole number from 1 to 100.';
export const BOXES_MSG = 'Enter a whole number from 1 to 50.';
export const MAX_ITEMS = 50;

export type Way = 'send_items' | 'drop_items' | 'courier_collection';
export const WAYS: readonly Way[] = ['send_items', 'drop_items', 'courier_collection'];
export const WAY_LABEL: Record<Way, string> = {
  send_items: 'Send them to us',
  drop_items: 'Drop them off',
  courier_collection: 'Courier collection',
};

export interface ItemDraft {
  key: number;
  title: string;
  distillery: string;
  type: 'bottle' | 'cask';
  age: string;
  volume_ml: string;
  abv: string;
  quantity: string;
  description: string;
  estimate_low: string;
  estimate_high: string;
}

interface SellAddress { apartment: string; country: string; region: string; city: string; zip_code: string; street: string }

export interface SellDraft {
  items: ItemDraft[];
  way: Way;
  boxes: string;
  insurance: boolean;
  pick_up_date: string;
  auction_id: string;
  /** A saved payout method's id, or 'new' for the form's own. */
  payout: string;
  note: string;
  valuation_id: string | null;
}

export type Errors = Record<string, string>;

let nextKey = 1;
export const emptyItem = (title = ''): ItemDraft => ({
  key: nextKey++, title, distillery: '', type: 'bottle', age: '', volume_ml: '', abv: '', quantity: '1', description: '',
  estimate_low: '', estimate_high: '',
});

export const emptyDraft = (): SellDraft => ({
  items: [emptyItem()], way: 'send_items', boxes: '1', insurance: false, pick_up_date: '', auction_id: '', payout: 'new', note: '',
  valuation_id: null,
});

const wholeIn = (v: string, min: number, max: number) => /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max;

/** The pick-up date's message, or null ("today" is the house's day in London, as on the server). */
export const validatePickUpDate = (date: string, now: Date = new Date()): string | null =>
  date ? pickUpDateError(date, now.toISOString()) : REQUIRED;

/** Every message of the draft (the address, payout and sign-up parts are checked by their own rules). */
export function validateDraft(d: SellDraft, now: Date = new Date()): Errors {
  const e: Errors = {};
  d.items.forEach((item, i) => {
    if (!item.title.trim()) e[`items.${i}.title`] = REQUIRED;
    if (!wholeIn(item.quantity, 1, 100)) e[`items.${i}.quantity`] = QUANTITY_MSG;
    if (item.age.trim() && !wholeIn(item.age, 0, 200)) e[`items.${i}.age`] = 'Enter the age in whole years.';
    if (item.volume_ml.trim() && !wholeIn(item.volume_ml, 1, 2_000_000)) e[`items.${i}.volume_ml`] = 'Enter the volume in millilitres.';
    const abv = Number(item.abv);
    if (item.abv.trim() && (!Number.isFinite(abv) || abv < 0 || abv > 100)) e[`items.${i}.abv`] = 'Enter a strength from 0 to 100.';
  });
  if (d.items.length === 0) e.items = 'Add at least one item.';
  if (!d.auction_id) e.auction_id = REQUIRED;
  if (d.way === 'courier_collection') {
    if (!wholeIn(d.boxes, 1, 50)) e.boxes = BOXES_MSG;
    const date = validatePickUpDate(d.pick_up_date, now);
    if (date) e.pick_up_date = date;
  }
  return e;
}

const text = (v: string) => v.trim() || null;
const int = (v: string) => (v.trim() ? Number(v) : null);

/** The body of POST /api/sell_request/?type=new_items, as the server reads it. */
export type NewItemsBody = ContractNewItemsBody;

export function sellBody(d: SellDraft, address: SellAddress, payoutData: Record<string, string> | null, userData: Record<string, unknown> | null): NewItemsBody {
  const body: NewItemsBody = {
    items: d.items.map((i) => ({
      title: i.title.trim(), distillery: text(i.distillery), type: i.type, age: int(i.age), volume_ml: int(i.volume_ml),
      abv: i.abv.trim() ? Number(i.abv) : null, quantity: Number(i.quantity), description: text(i.description),
      estimate_low: text(i.estimate_low), estimate_high: text(i.estimate_high),
    })),
    type: d.way,
    address,
    auction_id: d.auction_id,
    note: text(d.note),
  };
  if (d.payout !== 'new') body.payment_id = d.payout;
  else if (payoutData) body.payment_data = payoutData;
  if (d.valuation_id) body.valuation_id = d.valuation_id;
  if (userData) body.user_data = userData;
  if (d.way === 'courier_collection') {
    body.boxes = Number(d.boxes);
    body.insurance = d.insurance;
    body.pick_up_date = d.pick_up_date;
  }
  return body;
}

type ErrorPart = 'form' | 'address' | 'payment_data' | 'user_data';

/** The server's field errors by part: "address.city" -> address.city, "user_data.phone_number" -> user_data... */
export function splitServerErrors(fields: Record<string, string>): Record<ErrorPart, Errors> {
  const out: Record<ErrorPart, Errors> = { form: {}, address: {}, payment_data: {}, user_data: {} };
  for (const [key, message] of Object.entries(fields)) {
    const [head, ...rest] = key.split('.');
    if ((head === 'address' || head === 'payment_data' || head === 'user_data') && rest.length) out[head][rest.join('.')] = message;
    else out.form[key] = message;
  }
  return out;
}

/** Our fees (spec 0 "Seller's costs"): 5% commission on the hammer, £5 listing fee per lot, £5 per lot with a reserve. */
const COMMISSION_BP = 500;
const LISTING_FEE: Pence = 500;
const RESERVE_FEE: Pence = 500;

interface FeeExample { hammer: Pence; commission: Pence; listing: Pence; reserve: Pence; proceeds: Pence }

export function feeExample(hammer: Pence, lots = 1, lotsWithReserve = 0): FeeExample {
  const commission = Math.round((hammer * COMMISSION_BP) / 10_000);
  const listing = LISTING_FEE * lots;
  const reserve = RESERVE_FEE * lotsWithReserve;
  return { hammer, commission, listing, reserve, proceeds: hammer - commission - listing - reserve };
}

export const pounds = (p: Pence) => formatPence(p);

/** An estimated valuation as the request's starting items: one per object, the estimate kept on a single object. */
export function itemsFromValuation(v: { objects: { title: string }[]; answer: null | { low: string | null; high: string | null } }): ItemDraft[] {
  const items = v.objects.map((o) => emptyItem(o.title));
  const low = v.answer?.low ?? null;
  const high = v.answer?.high ?? null;
  if (items.length === 1) {
    items[0].estimate_low = low && toPence(low) !== null ? low : '';
    items[0].estimate_high = high && toPence(high) !== null ? high : '';
  }
  return items.length ? items : [emptyItem()];
}
