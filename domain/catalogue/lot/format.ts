/** User-facing amounts: en-GB pounds, the trailing ".00" dropped (spec 2, section 1). */
import type { Pence } from '../../shared/money';

export function formatPounds(pence: Pence): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  // Grouped by hand rather than toLocaleString so the result never depends on the runtime's ICU data.
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  return `${sign}£${pounds}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}
