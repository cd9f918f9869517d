/**
 * The printable view of an order: a plain page in a new window (house heading, the order, its lots and the summary),
 * then the browser's print dialog. Built from the order already on screen, so the window opens within the click
 * (popup blockers allow that) and needs no further call. Every value is escaped: titles come from the catalogue.
 * Its styles are a file (web/public/print-order.css): the blank window inherits the page's CSP, which refuses <style>.
 */
import { formatShortDate } from '../../lib/dates';
import { formatGBP, formatPence, toPence } from '../../lib/money';
import { SITE } from '../../lib/site';
import { statusLabel, shippingLabel } from '../../lib/order-labels';
import type { Order } from './api';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type OrderLine = Order['lots'][number];

/**
 * What printing reads of an order: its number, date, status, lots and summary; the full price summary (`costs`) and
 * the carrier when it has them (the summary lines fall back to the short summary).
 */
export type PrintableOrder = Pick<Order, 'id' | 'created_at' | 'status' | 'reference_no' | 'summary'> & {
  lots: (Pick<OrderLine, 'lot_id' | 'title' | 'total'> & Partial<Pick<OrderLine, 'subtitle'>>)[];
  costs?: Partial<Order['costs']>;
  carrier?: Order['carrier'];
};

interface SummaryLine {
  label: string;
  value: string;
  total?: boolean;
  /** After the total: how it was paid (wallet), not a charge. */
  note?: boolean;
}

/** The charges of the full price summary (`costs`), as the invoice names them; zero lines are left out. */
const CHARGE_LINES: [keyof Order['costs'], string][] = [
  ['subtotal', 'Hammer price'],
  ['buyers_commission_amount', "Buyer's premium (12.5%)"],
  ['buyers_commission_vat_amount', "VAT on buyer's premium (20%)"],
  ['vat_on_products_amount', 'VAT on hammer (20%)'],
  ['shipping_amount', 'Shipping'],
  ['insurance_amount', 'Insurance'],
  ['storage_amount', 'Storage period'],
  ['delivery_storage_amount', 'Storage past the free 45 days'],
  ['late_payment_fee_amount', 'Late payment fee (5%)'],
  ['late_storage_fee_amount', 'Late storage fee'],
  ['debt', 'Wallet debt settled'],
];

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const pence = (v: unknown) => toPence(typeof v === 'string' || typeof v === 'number' ? v : null) ?? 0;

/**
 * The lines shown for an order, ending with its total (what the invoice totals: charges less the voucher, plus any
 * card surcharge). From the full price summary when the order carries it, else from the short summary.
 */
export function summaryLines(order: Pick<PrintableOrder, 'summary' | 'costs' | 'carrier'>): SummaryLine[] {
  const s = order.summary ?? ({} as Order['summary']);
  const lines: SummaryLine[] = [];
  const costs = isObj(order.costs) ? order.costs : null;
  const shipping = shippingLabel(order.carrier);
  if (costs) {
    for (const [key, label] of CHARGE_LINES) {
      if (pence(costs[key]) !== 0) lines.push({ label: key === 'shipping_amount' ? shipping : label, value: formatPence(pence(costs[key])) });
    }
    if (pence(costs.voucher_discount_amount) !== 0) lines.push({ label: 'Voucher discount', value: formatPence(-pence(costs.voucher_discount_amount)) });
    if (pence(costs.credit_card_surcharge_amount) !== 0) lines.push({ label: 'Card surcharge (3%)', value: formatPence(pence(costs.credit_card_surcharge_amount)) });
  } else {
    lines.push({ label: 'Hammer price', value: formatGBP(s.product_total) }, { label: "Buyer's premium", value: formatGBP(s.buyers_premium) });
    if (pence(s.shipping_amount) !== 0) lines.push({ label: shipping, value: formatGBP(s.shipping_amount) });
    if (pence(s.insurance_amount) !== 0) lines.push({ label: 'Insurance', value: formatGBP(s.insurance_amount) });
    if (pence(s.voucher_discount_amount) !== 0) lines.push({ label: 'Voucher discount', value: formatPence(-pence(s.voucher_discount_amount)) });
  }
  lines.push({ label: 'Total', value: formatGBP(s.total), total: true });
  if (costs && pence(costs.used_from_wallet) !== 0) lines.push({ label: 'Paid from your wallet', value: formatPence(-pence(costs.used_from_wallet)), note: true });
  return lines;
}

export function printableOrderHtml(order: PrintableOrder): string {
  const e = escapeHtml;
  const lots = order.lots.map((l) => `
      <tr><td><strong>${e(l.title)}</strong>${l.subtitle ? `<br><span class="sub">${e(l.subtitle)}</span>` : ''}</td>
      <td class="num">${e(formatGBP(l.total))}</td></tr>`).join('');
  const summary = summaryLines(order).map((l) => `
      <tr${l.total ? ' class="total"' : l.note ? ' class="note"' : ''}><th scope="row">${e(l.label)}</th><td class="num">${e(l.value)}</td></tr>`).join('');
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>Order ${e(order.reference_no)} · ${e(SITE.name)}</title>
<link rel="stylesheet" href="/print-order.css"></head>
<body>
  <header><h1>${e(SITE.name)}</h1><p class="house">${e(SITE.address)} · ${e(SITE.phone)} · ${e(SITE.email)}</p></header>
  <dl>
    <dt>Order</dt><dd>${e(order.reference_no)}</dd>
    <dt>Date</dt><dd>${e(formatShortDate(order.created_at))}</dd>
    <dt>Status</dt><dd>${e(statusLabel(order.status))}</dd>
  </dl>
  <table><caption hidden>Lots</caption>
    <thead><tr><th scope="col">Lot</th><th scope="col" class="num">Amount</th></tr></thead>
    <tbody>${lots}</tbody>
  </table>
  <table class="summary"><caption hidden>Summary</caption><tbody>${summary}</tbody></table>
  <footer>The invoice PDF of this order, with every line and its VAT, can be downloaded from your orders history.</footer>
</body></html>`;
}

/**
 * Opens the printable view and the print dialog. Answers false when the browser blocked the window (the caller says
 * so and offers the PDF instead).
 */
export function printOrder(order: PrintableOrder): boolean {
  const win = window.open('', '_blank');
  if (!win) return false;
  win.document.open();
  win.document.write(printableOrderHtml(order));
  win.document.close();
  win.focus();
  // Once the stylesheet is in (or failed) and after layout, so the dialog prints the finished page.
  const sheet = win.document.querySelector('link[rel="stylesheet"]');
  let printed = false;
  const print = () => {
    if (printed) return;
    printed = true;
    win.setTimeout(() => win.print(), 50);
  };
  sheet?.addEventListener('load', print);
  sheet?.addEventListener('error', print);
  win.setTimeout(print, 1000);
  return true;
}
