/**
 * Money on the client. The API sends decimal strings with two places ("125.00"); all arithmetic here is done in
 * integer pence so that estimates never drift by a penny. Display is en-GB pounds with a trailing ".00" dropped.
 * Pence to the API's decimal string and percentages are the server's own (domain/shared/money.ts, dependency-free);
 * reading what people type (pound signs, commas, a minus) is the client's.
 */
import { penceToDecimal, percentOf, type Pence } from '../../../domain/shared/money';
import { BUYERS_PREMIUM_BP, VAT_BP } from '../../../domain/checkout/rates';

export { penceToDecimal, percentOf, type Pence };

/** Parses "125", "125.5", "1,250.00", "£12.50" or a number of pounds into pence; null when not an amount. */
export function toPence(value: string | number | null | undefined): Pence | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return Math.round(value * 100);
  }
  const text = value.trim().replace(/^£/, '').replace(/,/g, '');
  const match = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const pence = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -pence : pence;
}

/** en-GB pounds from pence: 125000 -> "£1,250", 1250 -> "£12.50", -500 -> "-£5". */
export function formatPence(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  return `${sign}£${pounds}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** en-GB pounds from an API amount ("1250.00" -> "£1,250"); an empty value gives the fallback. */
export function formatGBP(value: string | number | null | undefined, fallback = '—'): string {
  const pence = toPence(value);
  return pence === null ? fallback : formatPence(pence);
}

interface AllInEstimate {
  hammer: Pence;
  premium: Pence;
  premiumVat: Pence;
  hammerVat: Pence;
  total: Pence;
}

/**
 * What a winning bid costs all in: hammer + buyer's premium (12.5%) + VAT 20% on the premium, + VAT 20% on the
 * hammer only when the lot has vat_enabled. Delivery, storage and card fees come at checkout and are not included.
 */
export function allInEstimate(hammer: Pence, vatEnabled: boolean): AllInEstimate {
  const premium = percentOf(hammer, BUYERS_PREMIUM_BP);
  const premiumVat = percentOf(premium, VAT_BP);
  const hammerVat = vatEnabled ? percentOf(hammer, VAT_BP) : 0;
  return { hammer, premium, premiumVat, hammerVat, total: hammer + premium + premiumVat + hammerVat };
}
