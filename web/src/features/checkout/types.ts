/**
 * What the checkout page reads and sends (docs/checkout-api.md, spec 1 section 3). The services and payment methods
 * are the domain's own lists (domain/checkout/types.ts), so the page and the routes cannot drift apart. Money is a
 * decimal string ("125.00") as the API sends it; the pure rules work in integer pence.
 */
import type { PaymentMethod, PriceSummary, Service } from '../../../../domain/checkout/types';
import type { Address } from '../../api/addresses';
import type { BankData, BankLocation, StoreInfo } from '../../api/house';
import type { CreatedOrder, Discount, DraftCosts, StorageOption } from '../../api/contract';
import type { Money } from '../../lib/types';

export type { StorageOption, StoredItem, WonItem } from '../../api/contract';

export { PAYMENT_METHODS, SERVICES } from '../../../../domain/checkout/types';
export type { PaymentMethod, Service };

/** What the buyer picks: a card, a bank transfer (then where their bank is), or paying in store. */
export type PaymentKind = 'CARD' | 'BANK' | 'IN_STORE';

export interface PersonalInformation {
  first_name: string;
  last_name: string;
  phone_number: string;
  additional_phone_number: string;
  email: string;
}

type StorageType = StorageOption['storage_type'];

/** The order draft as the page keeps it (spec 1 section 3, with the payment choice as the buyer makes it). */
export interface Draft {
  service: Service;
  lots_from_storage: string[];
  insurance: boolean;
  discount_code: string;
  used_from_wallet: Money;
  note_from_customer: string;
  personal_information: PersonalInformation;
  billing_address: Address | null;
  shipping_address: Address | null;
  /** "Billing same as shipping": the shipping address is a copy of the billing one. */
  shipping_same_as_billing: boolean;
  payment: { kind: PaymentKind | null; bank_location: BankLocation | null; card_id: string | null };
  storage_type: StorageType;
  storage_days: number;
  storage_months: number;
}

/** A new card as the API takes it (number without spaces, expiry without the slash). */
export interface CardDetails {
  card_number: string;
  expiry_date: string;
  card_holder_name: string;
  cvv: string;
}

export type PaymentDetails = CardDetails | { card_id: string } | { bank_location: BankLocation } | Record<string, never>;

/** The body of check_costs and create_order (docs/checkout-api.md "The draft"). */
export interface DraftBody {
  lots_from_storage: string[];
  insurance: boolean;
  discount_code: string;
  used_from_wallet: Money;
  note_from_customer: string;
  personal_information: PersonalInformation;
  billing_address: Address | null;
  shipping_address?: Address | null;
  payment_method: { method: PaymentMethod | null; details: PaymentDetails };
  storage_months: number;
  storage_days: number;
  storage_type: StorageType;
}

export interface ScaData {
  browserLanguage: string;
  browserColorDepth: number;
  browserScreenHeight: number;
  browserScreenWidth: number;
  browserTZ: number;
  browserJavascriptEnabled: boolean;
  browserJavaEnabled: boolean;
  challengeWindowSize: ChallengeWindowSize;
}

export type ChallengeWindowSize = 'FullScreen' | 'ExtraLarge' | 'Large' | 'Medium' | 'Small';

type Counts = 'items_count' | 'buyers_commission_percent' | 'insurance_percent' | 'late_payment_fee_percent' | 'credit_card_surcharge_percent';

/** The price summary as check_costs answers it: amounts as decimal strings, counts and percents numbers, the carrier. */
export type CostSummary = DraftCosts;
export type AmountKey = Exclude<keyof PriceSummary, Counts | 'vat_enabled'>;

/** create_order's answer: the order placed, with where to pay when it awaits a bank or in-store payment. */
export type OrderResult = CreatedOrder;

/** The parts of a placed order its description reads (the bank and store details as far as they are known). */
export type OrderToDescribe = Pick<OrderResult, 'order_number' | 'amount_due'> & { bank_details?: Partial<BankData>; store_info?: Partial<StoreInfo> };

export type VoucherAnswer = Discount;
