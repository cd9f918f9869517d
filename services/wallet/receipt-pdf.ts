/** The receipt of one wallet transaction as a PDF (pdfkit, its built-in Helvetica: no font files needed). */
import type { TransactionRow } from './transactions';
import { HOUSE_NAME, loadHouseSettings } from '../../infra/config/house-settings';
import { newPdf, pdfBytes } from '../../infra/documents/pdf';

interface ReceiptCustomer { first_name: string; last_name: string; email: string }

/** Stable for a row: the wallet and the stream version of the event that created it. */
export function receiptNumber(row: Pick<TransactionRow, 'user_id' | 'entry_number'>): string {
  return `WR-${row.user_id.slice(0, 8).toUpperCase()}-${String(row.entry_number).padStart(6, '0')}`;
}

/** "£1,234.50", "-£20.00": receipts always show pence. */
export function receiptMoney(pence: number): string {
  const abs = Math.abs(pence);
  const pounds = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${pence < 0 ? '-' : ''}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

const TYPE_LABEL: Record<TransactionRow['type'], string> = { credit: 'Credit', debit: 'Debit', withdrawal: 'Withdrawal' };
const STATUS_LABEL: Record<TransactionRow['status'], string> = {
  completed: 'Completed', pending: 'Pending (not yet paid out)', released: 'Cancelled (the money stayed in the wallet)',
};
const KIND_LABEL: Record<string, string> = {
  seller_proceeds: 'Seller proceeds', voucher_remainder: 'Voucher remainder', refund: 'Refund', adjustment: 'Adjustment', settlement: 'Wallet settled',
  checkout: 'Used at checkout', fee: 'Fee', withdrawal: 'Withdrawal',
};

function typeLabel(row: TransactionRow): string {
  const type = TYPE_LABEL[row.type];
  const kind = KIND_LABEL[row.kind] ?? row.kind;
  return kind === type ? type : `${type} (${kind})`;
}

function londonTime(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' }).format(date);
}

function receiptLines(row: TransactionRow, customer: ReceiptCustomer): [string, string][] {
  const name = `${customer.first_name} ${customer.last_name}`.trim();
  return [
    ['Receipt number', receiptNumber(row)],
    ['Date', londonTime(row.date)],
    ['Customer', name === '' ? customer.email : name],
    ['Email', customer.email],
    ['Type', typeLabel(row)],
    ['Description', row.description],
    ['Amount', receiptMoney(Number(row.amount_pence))],
    ['Reference', row.reference ?? '-'],
    ['Status', STATUS_LABEL[row.status]],
    ['Wallet balance after', receiptMoney(Number(row.balance_after_pence))],
  ];
}

export function renderReceiptPdf(row: TransactionRow, customer: ReceiptCustomer): Promise<Buffer> {
  const doc = newPdf({
    size: 'A4', margin: 56,
    // Fixed metadata (no "now"): the same transaction always gives the same document text.
    info: { Title: `Wallet receipt ${receiptNumber(row)}`, Author: HOUSE_NAME, CreationDate: row.date },
  });
  const done = pdfBytes(doc);
  // The contact details are the house settings' (HOUSE_ADDRESS, HOUSE_EMAIL, HOUSE_CONTACT_PHONE).
  const house = loadHouseSettings().contacts;
  doc.font('Helvetica-Bold').fontSize(18).text(HOUSE_NAME);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(`${house.jw_address} · ${house.email} · ${house.jw_contact_phone}`);
  doc.moveDown(1.5).fillColor('#000000').font('Helvetica-Bold').fontSize(14).text('Wallet receipt');
  doc.moveDown(0.8).fontSize(11);
  const labelX = doc.page.margins.left;
  const valueX = labelX + 150;
  const width = doc.page.width - doc.page.margins.right - valueX;
  for (const [label, value] of receiptLines(row, customer)) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, labelX, y, { width: 140 });
    const labelBottom = doc.y;
    doc.font('Helvetica').text(value, valueX, y, { width });
    doc.y = Math.max(doc.y, labelBottom) + 4;
  }
  doc.moveDown(2).font('Helvetica').fontSize(9).fillColor('#555555')
    .text('Amounts are in pounds sterling. The balance after is the wallet balance including withdrawals not yet paid out.', labelX);
  doc.end();
  return done;
}
