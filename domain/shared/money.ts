/** Money is integer pence inside the domain and in events; the API speaks decimal strings with two places. */
export type Pence = number;

/** Pence to the API's decimal string: 12550 -> "125.50" (a fraction of a penny, from a client's estimate, is rounded). */
export function penceToDecimal(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses "125", "125.5", "125.50" (or a number) into pence; null when it is not a valid non-negative amount. */
export function decimalToPence(value: string | number): Pence | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const pounds = Number(match[1]);
  const pence = Number((match[2] ?? '').padEnd(2, '0'));
  return pounds * 100 + pence;
}

/** Percentage of an amount in pence, rounded half up to the penny. `basisPoints` 1250 = 12.5%. */
export function percentOf(amount: Pence, basisPoints: number): Pence {
  return Math.round((amount * basisPoints) / 10_000);
}
