/** Pure rules of the staff sell-request desk: labels, the consign form's prefill from an item, and its body. */
import { toPence } from '../../../lib/money';
import type { ConsignFields, SellItemView, SellRequestStatus } from './api';

export const REQUEST_STATUS_LABELS: Record<SellRequestStatus, string> = {
  submitted: 'Submitted',
  partly_received: 'Partly received',
  received: 'Received',
  consigned: 'Consigned',
  closed: 'Closed',
};

export const ITEM_STATUS_LABELS: Record<string, string> = {
  expected: 'Expected',
  received: 'Received',
  consigned: 'Consigned',
  returned: 'Returned',
};

export const DELIVERY_LABELS: Record<string, string> = {
  send_items: 'Sent by post',
  drop_items: 'Dropped at the store',
  courier_collection: 'Courier collection',
};

export interface ConsignForm {
  auction_id: string;
  title: string;
  distillery: string;
  region: string;
  type: 'bottle' | 'cask';
  age: string;
  volume_ml: string;
  abv: string;
  estimated_value: string;
  opening_bid: string;
  reserve_price: string;
}

const text = (v: number | null): string => (v === null ? '' : String(v));

/** The form as the item's details give it (what the seller described). */
export function prefillConsign(item: SellItemView, auctionId: string): ConsignForm {
  const d = item.details;
  return {
    auction_id: auctionId,
    title: item.title,
    distillery: d.distillery ?? '',
    region: '',
    type: d.type ?? 'bottle',
    age: text(d.age),
    volume_ml: text(d.volume_ml),
    abv: text(d.abv),
    estimated_value: d.estimate_low_pence === null ? '' : (d.estimate_low_pence / 100).toFixed(2),
    opening_bid: '',
    reserve_price: '',
  };
}

export type ConsignErrors = Partial<Record<keyof ConsignForm, string>>;

const REQUIRED = 'This field is required';
const MONEY = 'Enter an amount in pounds, e.g. 250 or 250.50';
const NUMBER = 'Enter a number';

/** Checks the form and builds the body: empty optional fields are left out so the server fills them from the item. */
export function consignBody(f: ConsignForm): { errors: ConsignErrors; body: ConsignFields | null } {
  const errors: ConsignErrors = {};
  if (!f.auction_id) errors.auction_id = REQUIRED;
  if (!f.title.trim()) errors.title = REQUIRED;
  for (const k of ['estimated_value', 'opening_bid', 'reserve_price'] as const) {
    if (f[k].trim() && toPence(f[k]) === null) errors[k] = MONEY;
  }
  for (const k of ['age', 'volume_ml', 'abv'] as const) {
    if (f[k].trim() && !Number.isFinite(Number(f[k]))) errors[k] = NUMBER;
  }
  if (Object.keys(errors).length) return { errors, body: null };
  const num = (v: string) => (v.trim() ? Number(v) : undefined);
  const money = (v: string) => (v.trim() ? v.trim().replace(/^£/, '').replace(/,/g, '') : undefined);
  const body: ConsignFields = {
    auction_id: f.auction_id,
    title: f.title.trim(),
    type: f.type,
    ...(f.distillery.trim() ? { distillery: { name: f.distillery.trim(), region: f.region.trim() || null } } : {}),
    ...(num(f.age) !== undefined ? { age: num(f.age) } : {}),
    ...(num(f.volume_ml) !== undefined ? { volume_ml: num(f.volume_ml) } : {}),
    ...(num(f.abv) !== undefined ? { abv: num(f.abv) } : {}),
    ...(money(f.estimated_value) ? { estimated_value: money(f.estimated_value) } : {}),
    ...(money(f.opening_bid) ? { opening_bid: money(f.opening_bid) } : {}),
    ...(money(f.reserve_price) ? { reserve_price: money(f.reserve_price) } : {}),
  };
  return { errors, body };
}
