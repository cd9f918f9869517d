/**
 * The order invoice as a PDF (pdfkit, built-in Helvetica): the house's details, the buyer, every lot with its lines,
 * the order's lines and totals, the payment status, and the VAT treatment a UK auction house states: hammer prices
 * of lots not marked VAT are under the margin scheme (no VAT charged, none shown, none reclaimable); VAT at 20% on
 * every buyer's premium, and on the hammer of lots marked VAT. Same order, same text (no "now" in the document).
 */
import type { OrderAddress } from '../../domain/orders/events';
import type { PriceSummary } from '../../domain/checkout/types';
import { goodsLines } from '../../domain/checkout/goods';
import { findCountry } from '../../domain/addresses/countries';
import { HOUSE_NAME, loadHouseSettings } from '../../infra/config/house-settings';
import { receiptMoney } from '../wallet/receipt-pdf';
import { lotTotalPence, type LotDetails, type OrderRow } from './order-views';
import { newPdf, pdfBytes } from '../../infra/documents/pdf';
import { orderCarrier } from './addresses';

interface InvoiceBuyer { first_name: string; last_name: string; email: string }

/** The house's VAT registration (HOUSE_VAT_NUMBER; the default is HMRC's published example number, nobody's). */
export const houseVatNumber = (env: NodeJS.ProcessEnv = process.env) => env.HOUSE_VAT_NUMBER?.trim() || 'GB 999 9999 73';

const SERVICE_LABEL: Record<string, string> = {
  delivery: 'Delivery', storage: 'Storage', collection: 'Collection in store', wallet_settle: 'Wallet settle',
};
const METHOD_LABEL: Record<string, string> = {
  CARD: 'card', UK_BANK: 'UK bank transfer', INT_BANK: 'international bank transfer', IN_STORE: 'payment in store', NONE: 'wallet and voucher',
};
const STATUS_LABEL: Record<string, string> = {
  awaiting_payment: 'Awaiting payment', paid: 'Paid', processing: 'Paid, being prepared', shipped: 'Paid, shipped',
  ready_for_collection: 'Paid, ready for collection', collected: 'Paid, collected', stored: 'Paid, in storage', cancelled: 'Cancelled',
};

/** The order's charge lines in invoice order (zero lines are left out). */
const CHARGE_LINES: [keyof PriceSummary, string][] = [
  ['subtotal', 'Hammer prices'],
  ['buyers_commission_amount', "Buyer's premium (12.5%)"],
  ['buyers_commission_vat_amount', "VAT on buyer's premium (20%)"],
  ['vat_on_products_amount', 'VAT on hammer of VAT lots (20%)'],
  ['shipping_amount', 'Shipping'],
  ['insurance_amount', 'Insurance (breakage and loss, 3%)'],
  ['storage_amount', 'Storage period'],
  ['delivery_storage_amount', 'Storage past the free 45 days'],
  ['late_payment_fee_amount', 'Late payment fee (5%)'],
  ['late_storage_fee_amount', 'Late storage fee'],
  ['debt', 'Wallet debt settled'],
];

const londonDate = (date: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(date);

export const addressLines = (a: OrderAddress): string[] =>
  [a.name, a.company, [a.street, a.apartment].filter(Boolean).join(', '), [a.city, a.region].filter(Boolean).join(', '), a.zip_code, findCountry(a.country)?.name ?? a.country]
    .filter((line): line is string => Boolean(line?.trim()));

/** "Paid on 3 December 2026 by card (ref ...)", "Awaiting payment: £12.00 due by UK bank transfer", "Cancelled". */
export function paymentStatusText(order: OrderRow): string {
  if (order.status === 'cancelled') return 'Cancelled: nothing is due.';
  if (order.paid_at) {
    const how = METHOD_LABEL[order.paid_method ?? ''] ?? 'card';
    return `Paid on ${londonDate(order.paid_at)} by ${how}${order.paid_reference ? ` (reference ${order.paid_reference})` : ''}.`;
  }
  return `Awaiting payment: ${receiptMoney(Number(order.amount_due_pence))} due by ${METHOD_LABEL[order.payment_method ?? ''] ?? 'the chosen method'}.`;
}

function vatNotes(order: OrderRow): string[] {
  const notes: string[] = [];
  if (order.lots.some((l) => !l.vat_enabled)) {
    notes.push('Lots not marked VAT are sold under the margin scheme for second-hand goods: no VAT is charged on their hammer price, and none can be reclaimed on it.');
  }
  if (order.lots.some((l) => l.vat_enabled)) notes.push('Lots marked VAT carry VAT at 20% on the hammer price, shown against each lot.');
  if (order.lots.length > 0) notes.push("VAT at 20% is charged on the buyer's premium of every lot.");
  return notes;
}

export function renderInvoicePdf(order: OrderRow, details: Map<string, LotDetails>, buyer: InvoiceBuyer): Promise<Buffer> {
  const doc = newPdf({ size: 'A4', margin: 50, info: { Title: `Invoice ${order.order_number}`, Author: HOUSE_NAME, CreationDate: order.placed_at } });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const room = (height: number) => { if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage(); };
  /** A label and a right-aligned amount on one line. */
  const row = (label: string, value: string, opts: { bold?: boolean; indent?: number } = {}) => {
    room(16);
    const y = doc.y;
    doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left + (opts.indent ?? 0), y, { width: right - left - 120 - (opts.indent ?? 0) });
    const after = doc.y;
    doc.text(value, right - 120, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y) + 2;
  };
  const carrier = orderCarrier(order);
  const heading = (text: string) => { room(40); doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text, left); doc.moveDown(0.3); };

  const house = loadHouseSettings().contacts;
  doc.font('Helvetica-Bold').fontSize(18).text(HOUSE_NAME, left);
  doc.font('Helvetica').fontSize(9).fillColor('#555555')
    .text(`${house.jw_address} · ${house.email} · ${house.jw_contact_phone}`).text(`VAT registration number ${houseVatNumber()}`);
  doc.fillColor('#000000').moveDown(1.2).font('Helvetica-Bold').fontSize(16).text(`Invoice ${order.order_number}`);
  doc.font('Helvetica').fontSize(10)
    .text(`Date: ${londonDate(order.placed_at)}`)
    .text(`Service: ${SERVICE_LABEL[order.service] ?? order.service}`)
    .text(`Status: ${STATUS_LABEL[order.status] ?? order.status}`);

  heading('Buyer');
  const who = order.personal_information;
  const name = `${who?.first_name || buyer.first_name} ${who?.last_name || buyer.last_name}`.trim();
  doc.font('Helvetica').fontSize(10).text(name || buyer.email).text(who?.email || buyer.email);
  if (order.billing_address) doc.text(`Billing: ${addressLines(order.billing_address).join(', ')}`);
  if (order.shipping_address) doc.text(`Shipping to: ${addressLines(order.shipping_address).join(', ')}`);
  if (carrier) doc.text(`Carrier: ${carrier}`);

  if (order.lots.length > 0 || order.stored_lot_ids.length > 0) heading('Lots');
  for (const lot of order.lots) {
    const g = goodsLines([lot]);
    room(90);
    doc.font('Helvetica-Bold').fontSize(10).text(`Lot ${lot.reference_no}: ${lot.title}`, left);
    const subtitle = details.get(lot.lot_id)?.subtitle;
    if (subtitle) doc.font('Helvetica').fontSize(9).fillColor('#555555').text(subtitle, left).fillColor('#000000');
    row(lot.vat_enabled ? 'Hammer price (VAT lot)' : 'Hammer price (margin scheme)', receiptMoney(g.subtotal), { indent: 12 });
    row("Buyer's premium (12.5%)", receiptMoney(g.buyers_premium), { indent: 12 });
    row("VAT on buyer's premium (20%)", receiptMoney(g.vat_on_premium), { indent: 12 });
    if (lot.vat_enabled) row('VAT on hammer price (20%)', receiptMoney(g.vat_on_hammer), { indent: 12 });
    row('Lot total', receiptMoney(lotTotalPence(lot)), { indent: 12, bold: true });
    doc.moveDown(0.4);
  }
  for (const id of order.stored_lot_ids) {
    const lot = details.get(id);
    row(`Lot ${lot?.reference_no ?? id}: ${lot?.title ?? ''} (from storage, paid earlier)`, receiptMoney(0));
  }

  const s = order.summary;
  heading('Order totals');
  for (const [key, label] of CHARGE_LINES) {
    if (s[key] !== 0) row(key === 'shipping_amount' && carrier ? `Shipping by ${carrier}` : label, receiptMoney(s[key] as number));
  }
  row('Charges', receiptMoney(s.total), { bold: true });
  if (s.voucher_discount_amount > 0) row(`Voucher ${order.voucher_code ?? ''}`.trim(), receiptMoney(-s.voucher_discount_amount));
  if (s.credit_card_surcharge_amount > 0) row('Card surcharge (3%)', receiptMoney(s.credit_card_surcharge_amount));
  row('Invoice total', receiptMoney(Number(order.total_pence)), { bold: true });
  row('VAT included in the invoice total', receiptMoney(s.buyers_commission_vat_amount + s.vat_on_products_amount));
  if (s.used_from_wallet > 0) row('Paid from wallet', receiptMoney(-s.used_from_wallet));
  row(order.payment_method ? `Amount by ${METHOD_LABEL[order.payment_method] ?? order.payment_method}` : 'Amount left to pay', receiptMoney(s.credit_debit_card));
  if (s.voucher_remainder_amount > 0) row('Voucher remainder credited to your wallet', receiptMoney(s.voucher_remainder_amount));

  heading('Payment');
  doc.font('Helvetica').fontSize(10).text(paymentStatusText(order), left);

  const notes = vatNotes(order);
  if (notes.length > 0) {
    heading('VAT');
    doc.font('Helvetica').fontSize(9).text(notes.join(' '), left, doc.y, { width: right - left });
  }
  doc.moveDown(1).font('Helvetica').fontSize(8).fillColor('#555555').text('Amounts are in pounds sterling.', left);
  doc.end();
  return done;
}
