/** The figures the help pages quote, read from the API so they always match the checkout and the product rules. */
import { get } from '../../api/http';

export interface ShippingInfo {
  zones: { zone: string; carrier: string; first_bottle: string; each_further_bottle: string; country_count: number; countries: string[] | null }[];
  non_deliverable: { code: string; country: string; reason: string }[];
  non_deliverable_message: string;
  insurance_percent: number;
  payment_due_days: number;
  storage: { free_days: number; fee_per_lot_per_period: string; period_days: number; month_options: number[]; late_fee_per_lot_per_day: string };
}

export interface HouseFees {
  buyers_commission_percent: number;
  vat_percent: number;
  credit_card_surcharge_percent: number;
  insurance_percent: number;
  late_payment_fee_percent: number;
  payment_due_days: number;
  seller_commission_percent: number;
  listing_fee: string;
  reserve_fee: string;
  registration_fee: string;
}

export const fetchShippingInfo = () => get<ShippingInfo>('/api/shipping_info/');
export const fetchHouseFees = async () => (await get<{ fees: HouseFees }>('/api/auction_settings/')).fees;
