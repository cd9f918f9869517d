/**
 * The sell-request PDF, answered as file_data (base64) by POST /api/sell_request/?type=new_items and again as the file
 * by GET /api/sell_requests/{id}/pdf/ (both from document.ts's one mapping of the submission event): the reference, the
 * items, and what to do next for the chosen delivery: send (packing and labelling, the reference on every box, the
 * warehouse address), drop (the store's address and opening hours), courier collection (the date and box count).
 * House details come from the HOUSE_* settings (infra/config/house-settings.ts) and HOUSE_WAREHOUSE_ADDRESS.
 */
import { HOUSE_NAME, loadHouseSettings } from '../../infra/config/house-settings';
import { newPdf, pdfBytes } from '../../infra/documents/pdf';
import { penceToDecimal } from '../../domain/shared/money';
import type { DeliveryType, SellItem } from '../../domain/selling/sell-requests/events';
import { findCountry } from '../../domain/addresses/countries';

/** Where sent bottles go (HOUSE_WAREHOUSE_ADDRESS); the store (HOUSE_ADDRESS) takes drop-offs. */
const warehouseAddress = (env: NodeJS.ProcessEnv = process.env) =>
  env.HOUSE_WAREHOUSE_ADDRESS?.trim() || 'Hartley & Reid Warehouse, Unit 7 Bonded Park, Livingston EH54 5DA, United Kingdom';

export interface SellRequestDocument {
  reference: string; delivery: DeliveryType; items: SellItem[]; created_at: Date; auction_label: string;
  pick_up_date: string | null; boxes: number | null; insurance: boolean | null;
  address: { apartment: string; street: string; city: string; zip_code: string; region: string; country: string };
}

const TITLES: Record<DeliveryType, string> = { send_items: 'Sending your bottles', drop_items: 'Dropping off your bottles', courier_collection: 'Courier collection' };

const longDate = (date: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const estimate = (i: SellItem) => {
  const low = i.estimate_low_pence === null ? null : `£${penceToDecimal(i.estimate_low_pence)}`;
  const high = i.estimate_high_pence === null ? null : `£${penceToDecimal(i.estimate_high_pence)}`;
  return low && high ? `estimate ${low} - ${high}` : low || high ? `estimate ${low ?? high}` : '';
};

export function sellRequestFileName(reference: string): string {
  return `sell-request-${reference}.pdf`;
}

export function renderSellRequestPdf(d: SellRequestDocument, env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  const house = loadHouseSettings(env).contacts;
  const doc = newPdf({ size: 'A4', margin: 50, info: { Title: `Sell request ${d.reference}`, Author: HOUSE_NAME, CreationDate: d.created_at } });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(18).text(HOUSE_NAME);
  doc.moveDown(0.4).fontSize(14).text(`Sell request ${d.reference}`);
  doc.font('Helvetica').fontSize(10).text(`${TITLES[d.delivery]} · for ${d.auction_label}`);
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text('Your items');
  doc.font('Helvetica').fontSize(10);
  d.items.forEach((item, n) => {
    const facts = [item.distillery, item.age !== null ? `${item.age} years` : null, item.volume_ml !== null ? `${item.volume_ml} ml` : null,
      item.abv !== null ? `${item.abv}%` : null, estimate(item)].filter(Boolean).join(', ');
    doc.text(`${n + 1}. ${item.title} x ${item.quantity}${facts ? ` (${facts})` : ''}`);
  });
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text('What to do next');
  doc.font('Helvetica').fontSize(10);
  const a = d.address;
  const from = [a.apartment, a.street, a.city, a.zip_code, a.region, findCountry(a.country)?.name ?? a.country].filter(Boolean).join(', ');
  switch (d.delivery) {
    case 'send_items':
      doc.text('Wrap each bottle in bubble wrap, stand it upright in a sturdy box filled so nothing moves, and seal the box.');
      doc.text(`Write the reference ${d.reference} clearly on every box, and put a copy of this document inside.`);
      doc.text('Send the boxes, insured and tracked, to our warehouse:');
      doc.font('Helvetica-Bold').text(warehouseAddress(env)).font('Helvetica');
      break;
    case 'drop_items':
      doc.text(`Bring your bottles with this document (reference ${d.reference}) to our store:`);
      doc.font('Helvetica-Bold').text(house.jw_address).font('Helvetica');
      doc.text('Opening hours:');
      for (const h of house.jw_working_hours) doc.text(`${h.key}: ${h.value}`);
      break;
    case 'courier_collection':
      doc.text(`Our courier will collect ${d.boxes ?? 1} box${d.boxes === 1 ? '' : 'es'} on ${d.pick_up_date ? longDate(d.pick_up_date) : 'the agreed day'} from:`);
      doc.font('Helvetica-Bold').text(from).font('Helvetica');
      doc.text(`Please have the boxes packed and sealed, with the reference ${d.reference} written on every box.`);
      doc.text(d.insurance ? 'The collection is insured.' : 'The collection is not insured.');
      break;
  }
  doc.moveDown(1).fontSize(9).fillColor('#555555').text(`Questions? ${house.email} · ${house.jw_contact_phone}`);
  doc.end();
  return done;
}
