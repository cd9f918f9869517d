/**
 * The seller's statement for one auction as a PDF (pdfkit, built-in Helvetica; house header as on the order
 * invoice): each of the seller's lots with its outcome, hammer, commission, listing and reserve fees and net
 * proceeds, the totals, the VAT contained in the fees, and for each sold lot whether the net was paid to the
 * wallet (and when) or is awaiting the buyer's payment. `asOf` is the statement's date: payment states change.
 */
import { HOUSE_NAME, loadHouseSettings } from '../../../infra/config/house-settings';
import { houseVatNumber } from '../../checkout/invoice-pdf';
import { receiptMoney } from '../../wallet/receipt-pdf';
import { newPdf, pdfBytes } from '../../../infra/documents/pdf';
import type { SellerStatement, StatementLine } from './statement-data';

const londonDate = (date: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(date);

const auctionName = (a: SellerStatement['auction']) => `Auction ${a.sequence_no} of ${a.year}`;

const OUTCOME_LABEL = { sold: 'Sold', unsold: 'Not sold', open: 'Open' } as const;

/** "Paid to your wallet on 3 December 2026", "Awaiting buyer payment", or nothing for unsold and open lots. */
function paymentText(line: StatementLine): string | null {
  const { sale } = line;
  if (sale.payment_status === 'paid_to_wallet') return `Paid to your wallet on ${londonDate(sale.paid_to_wallet_at!)}`;
  if (sale.payment_status === 'awaiting_buyer_payment') return 'Awaiting buyer payment';
  return null;
}

/** Columns: x offset from the left margin, width, alignment. */
const COLUMNS = [
  { title: 'Lot', width: 150, align: 'left' },
  { title: 'Outcome', width: 52, align: 'left' },
  { title: 'Hammer', width: 58, align: 'right' },
  { title: 'Commission', width: 58, align: 'right' },
  { title: 'Listing fee', width: 56, align: 'right' },
  { title: 'Reserve fee', width: 58, align: 'right' },
  { title: 'Net', width: 66, align: 'right' },
] as const;

export function renderStatementPdf(s: SellerStatement, asOf: Date): Promise<Buffer> {
  const title = `Seller statement: ${auctionName(s.auction)}`;
  const doc = newPdf({ size: 'A4', margin: 48, info: { Title: title, Author: HOUSE_NAME, CreationDate: asOf } });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const room = (height: number) => { if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage(); };
  const tableRow = (cells: string[], bold = false) => {
    room(28);
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    COLUMNS.forEach((col, i) => {
      doc.text(cells[i] ?? '', x, y, { width: col.width - 4, align: col.align });
      bottom = Math.max(bottom, doc.y);
      x += col.width;
    });
    doc.y = bottom + 2;
  };
  const row = (label: string, value: string, bold = false) => {
    room(16);
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, left, y, { width: right - left - 120 });
    const after = doc.y;
    doc.text(value, right - 120, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y) + 2;
  };
  const heading = (text: string) => { room(40); doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text, left); doc.moveDown(0.3); };
  const money = (pence: number | undefined) => (pence === undefined ? '' : receiptMoney(pence));

  const house = loadHouseSettings().contacts;
  doc.font('Helvetica-Bold').fontSize(18).text(HOUSE_NAME, left);
  doc.font('Helvetica').fontSize(9).fillColor('#555555')
    .text(`${house.jw_address} · ${house.email} · ${house.jw_contact_phone}`).text(`VAT registration number ${houseVatNumber()}`);
  doc.fillColor('#000000').moveDown(1.2).font('Helvetica-Bold').fontSize(16).text('Seller statement');
  doc.font('Helvetica').fontSize(10)
    .text(`Seller: ${`${s.seller.first_name} ${s.seller.last_name}`.trim() || s.seller.email}`)
    .text(s.seller.email)
    .text(`${auctionName(s.auction)}: ${londonDate(s.auction.start_date)} to ${londonDate(s.auction.end_date)}`)
    .text(`Statement date: ${londonDate(asOf)}`);

  heading('Lots');
  tableRow(COLUMNS.map((c) => c.title), true);
  for (const line of s.lines) {
    const c = line.sale.costs ?? undefined;
    tableRow([
      `${line.reference_no} ${line.title}`, OUTCOME_LABEL[line.outcome],
      money(c?.hammer), money(c?.commission), money(c?.listing_fee), money(c?.reserve_fee), money(c?.net_proceeds),
    ]);
    const payment = paymentText(line);
    if (payment) {
      doc.font('Helvetica-Oblique').fontSize(8).fillColor('#555555').text(payment, left + 8, doc.y).fillColor('#000000');
      doc.moveDown(0.3);
    }
  }

  const t = s.totals;
  heading('Totals');
  row('Hammer prices of sold lots', receiptMoney(t.hammer));
  row('Seller commission (5%)', receiptMoney(-t.commission));
  row('Listing fees', receiptMoney(-t.listing_fee));
  row('Reserve fees', receiptMoney(-t.reserve_fee));
  row('Net proceeds', receiptMoney(t.net_proceeds), true);
  row('VAT contained in the fees (20%)', receiptMoney(t.vat_in_fees));
  row('Paid to your wallet', receiptMoney(t.paid_to_wallet));
  row('Awaiting buyer payment', receiptMoney(t.awaiting_buyer_payment));

  heading('Notes');
  doc.font('Helvetica').fontSize(9).text([
    'Fees include VAT at 20%; the VAT they contain is shown for information and is not charged on top.',
    'Fees never exceed a lot\'s hammer price: any part beyond it is waived.',
    'The net proceeds of a lot are credited to your wallet once its buyer has paid.',
  ].join(' '), left, doc.y, { width: right - left });
  doc.moveDown(1).font('Helvetica').fontSize(8).fillColor('#555555').text('Amounts are in pounds sterling.', left);
  doc.end();
  return done;
}
