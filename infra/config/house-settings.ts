/**
 * The house's own settings shown to customers: its bank details (for paying by bank transfer), its shop and contact
 * details, and the fees of the product rules. Defaults describe a plausible but fictional UK house (the bank
 * details are the well-formed example account GB33 BUKB 2020 1555 5555 55 / BUKBGB22, which is nobody's); every
 * value can be overridden by an environment variable:
 *
 *   HOUSE_ACCOUNT_OWNER_UK, HOUSE_SORT_CODE_UK, HOUSE_ACCOUNT_NUMBER_UK,
 *   HOUSE_ACCOUNT_OWNER_INT, HOUSE_IBAN_INT, HOUSE_BIC_SWIFT_INT, HOUSE_BANK_ADDRESS_INT,
 *   HOUSE_ADDRESS, HOUSE_CONTACT_PHONE, HOUSE_EMAIL,
 *   HOUSE_WORKING_HOURS ("Monday - Friday=9:00 - 17:30;Saturday=10:00 - 14:00": key=value pairs split by ";").
 *
 * Bank values are checked with the payout rules when loaded: a mistyped IBAN stops the server rather than being shown
 * to customers.
 */
import { z } from 'zod';
import { money } from '../http/answers';
import { checkAccountNumber, checkBankAddress, checkBic, checkIban, checkOwner, checkSortCode } from '../../domain/withdrawal/payout-method/rules';
import { penceToDecimal } from '../../domain/shared/money';
import {
  asPercent, BUYERS_PREMIUM_BP, CARD_SURCHARGE_BP, INSURANCE_BP, LATE_PAYMENT_FEE_BP, PAYMENT_DUE_DAYS, VAT_BP,
} from '../../domain/checkout/rates';
import { LISTING_FEE_PENCE, SELLER_COMMISSION_BP } from '../../domain/orders/seller-settlement';
import { REGISTRATION_FEE_PENCE } from '../../domain/accounts/register-user';
import { DEFAULT_RESERVE_FEE_PENCE } from '../../domain/catalogue/lot/consign-lot';

/** The house's trading name on documents and payment pages (the web client shows the same in web/src/lib/site.ts). */
export const HOUSE_NAME = 'Hartley & Reid Whisky Auctions';

export const houseBankData = z.object({
  sort_code_uk: z.string(), account_number_uk: z.string(), account_owner_uk: z.string(),
  account_owner_int: z.string(), iban_int: z.string(), bic_swift_int: z.string(), bank_address_int: z.string(),
});
type HouseBankData = z.infer<typeof houseBankData>;

export const houseContactData = z.object({
  jw_address: z.string(),
  jw_working_hours: z.array(z.object({ key: z.string(), value: z.string() })),
  jw_contact_phone: z.string(),
  email: z.string(),
});
type HouseContactData = z.infer<typeof houseContactData>;

/** Product rules (spec 0-product.md): percentages as numbers, money as decimal strings. */
export const houseFees = z.object({
  currency: z.literal('GBP'),
  buyers_commission_percent: z.number(),
  vat_percent: z.number(),
  credit_card_surcharge_percent: z.number(),
  insurance_percent: z.number(),
  late_payment_fee_percent: z.number(),
  payment_due_days: z.number(),
  seller_commission_percent: z.number(),
  listing_fee: money,
  reserve_fee: money,
  registration_fee: money,
});
type HouseFees = z.infer<typeof houseFees>;

export const houseSettings = z.object({ fees: houseFees, contacts: houseContactData, banks: houseBankData });
type HouseSettings = z.infer<typeof houseSettings>;

const DEFAULT_HOURS = 'Monday - Friday=9:00 - 17:30;Saturday=10:00 - 14:00;Sunday=Closed';

function parseHours(text: string): { key: string; value: string }[] {
  return text.split(';').map((pair) => pair.trim()).filter(Boolean).map((pair) => {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`HOUSE_WORKING_HOURS: "${pair}" is not key=value`);
    return { key: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
  });
}

function checked(name: string, check: { value?: string; error?: string }): string {
  if (check.error !== undefined) throw new Error(`${name}: ${check.error}`);
  return check.value as string;
}

export function loadHouseSettings(env: NodeJS.ProcessEnv = process.env): HouseSettings {
  const v = (name: string, fallback: string) => (env[name]?.trim() ? env[name]!.trim() : fallback);
  const banks: HouseBankData = {
    sort_code_uk: checked('HOUSE_SORT_CODE_UK', checkSortCode(v('HOUSE_SORT_CODE_UK', '20-20-15'))),
    account_number_uk: checked('HOUSE_ACCOUNT_NUMBER_UK', checkAccountNumber(v('HOUSE_ACCOUNT_NUMBER_UK', '55555555'))),
    account_owner_uk: checked('HOUSE_ACCOUNT_OWNER_UK', checkOwner(v('HOUSE_ACCOUNT_OWNER_UK', 'Hartley & Reid Whisky Auctions Ltd'))),
    account_owner_int: checked('HOUSE_ACCOUNT_OWNER_INT', checkOwner(v('HOUSE_ACCOUNT_OWNER_INT', 'Hartley & Reid Whisky Auctions Ltd'))),
    iban_int: checked('HOUSE_IBAN_INT', checkIban(v('HOUSE_IBAN_INT', 'GB33BUKB20201555555555'))),
    bic_swift_int: checked('HOUSE_BIC_SWIFT_INT', checkBic(v('HOUSE_BIC_SWIFT_INT', 'BUKBGB22'))),
    bank_address_int: checked('HOUSE_BANK_ADDRESS_INT', checkBankAddress(v('HOUSE_BANK_ADDRESS_INT', '1 Example Street, London EC1A 1AA, United Kingdom'))),
  };
  const contacts: HouseContactData = {
    jw_address: v('HOUSE_ADDRESS', '14 Cask Lane, Edinburgh EH1 2AB, United Kingdom'),
    jw_working_hours: parseHours(v('HOUSE_WORKING_HOURS', DEFAULT_HOURS)),
    jw_contact_phone: v('HOUSE_CONTACT_PHONE', '+44 131 496 0000'),
    email: v('HOUSE_EMAIL', 'hello@hartleyreid.example'),
  };
  const fees: HouseFees = {
    currency: 'GBP',
    buyers_commission_percent: asPercent(BUYERS_PREMIUM_BP),
    vat_percent: asPercent(VAT_BP),
    credit_card_surcharge_percent: asPercent(CARD_SURCHARGE_BP),
    insurance_percent: asPercent(INSURANCE_BP),
    late_payment_fee_percent: asPercent(LATE_PAYMENT_FEE_BP),
    payment_due_days: PAYMENT_DUE_DAYS,
    seller_commission_percent: asPercent(SELLER_COMMISSION_BP),
    listing_fee: penceToDecimal(LISTING_FEE_PENCE),
    reserve_fee: penceToDecimal(DEFAULT_RESERVE_FEE_PENCE),
    registration_fee: penceToDecimal(REGISTRATION_FEE_PENCE),
  };
  return { fees, contacts, banks };
}
