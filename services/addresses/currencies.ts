/**
 * ISO 4217 currencies with their English names, as GET /api/currencies/ answers them: pairs, code first, GBP (the
 * house's currency) first, then by code. The list is the runtime's (Intl: the currencies in use today), computed once.
 */
type CurrencyPair = [code: string, name: string];

let cached: CurrencyPair[] | null = null;

export function currencies(): CurrencyPair[] {
  if (!cached) {
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    const codes = Intl.supportedValuesOf('currency').filter((c) => c !== 'GBP').sort();
    cached = ['GBP', ...codes].map((code) => [code, names.of(code) ?? code]);
  }
  return cached;
}
