/**
 * GET /api/create_lots_pdf/: the caller's watching list as a PDF (pdfkit, built-in Helvetica), answered as
 * `{file (base64), filename, mime_type: 'application/pdf'}` like the other documents. Each lot: reference,
 * title, distillery, current bid (or opening bid when nobody has bid), the caller's own maximum, end time, status.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answers, base64FileAnswer } from '../../infra/http/answers';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { HOUSE_NAME } from '../../infra/config/house-settings';
import { loadPersonal } from '../catalogue/lots/present';
import { lotStatus, type LotRow } from '../catalogue/lots/shape';
import { receiptMoney } from '../wallet/receipt-pdf';
import { newPdf, pdfBytes } from '../../infra/documents/pdf';

function londonTime(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(date);
}

const STATUS_LABEL = { scheduled: 'Not started', live: 'Open for bids', sold: 'Sold', unsold: 'Not sold' } as const;

interface WatchedLine { row: LotRow; myMaxPence: number | null }

function renderWatchingPdf(lines: WatchedLine[], now: Date): Promise<Buffer> {
  const doc = newPdf({ size: 'A4', margin: 48, info: { Title: 'Watching list', Author: HOUSE_NAME, CreationDate: now } });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(18).text(HOUSE_NAME);
  doc.moveDown(0.4).fontSize(14).text('Watching list');
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(`As at ${londonTime(now)} (UK time). Bids change until each lot closes.`);
  doc.moveDown(1).fillColor('#000000');
  if (lines.length === 0) doc.fontSize(11).text('Your watching list is empty.');
  for (const { row, myMaxPence } of lines) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 70) doc.addPage();
    const bid = row.hammer_price_pence ?? row.current_price_pence;
    const bidLabel = row.hammer_price_pence !== null ? 'Hammer price' : bid === null ? 'Opening bid' : 'Current bid';
    doc.font('Helvetica-Bold').fontSize(11).text(`Lot ${row.reference_no}  ${row.custom_title ?? row.title}`, left, doc.y, { width });
    doc.font('Helvetica').fontSize(10).text([
      `${row.distillery}${row.subtitle ? ` · ${row.subtitle}` : ''}`,
      `${bidLabel}: ${receiptMoney(bid ?? row.opening_bid_pence)}   Bids: ${row.bid_count}${myMaxPence === null ? '' : `   Your max bid: ${receiptMoney(myMaxPence)}`}`,
      `Ends: ${londonTime(row.ends_at)}   Status: ${STATUS_LABEL[lotStatus(row, now)]}`,
    ].join('\n'), left, doc.y, { width });
    doc.moveDown(0.8);
  }
  doc.end();
  return done;
}

export function watchingPdfRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/create_lots_pdf/', { schema: { summary: 'PDF of the watching list (base64)', response: answers({ 200: base64FileAnswer }, 401) } }, async (request) => {
    const user = requireUser(request);
    const watched = ctx.db.selectFrom('watching_list').select('lot_id').where('user_id', '=', user.id).where('watched', '=', true);
    const rows = await ctx.db.selectFrom('lots').selectAll().where('id', 'in', watched)
      .orderBy('ends_at', 'asc').orderBy('consign_position', 'asc').execute();
    const personal = await loadPersonal(ctx, user.id, rows.map((r) => r.id));
    const now = ctx.clock.now();
    const pdf = await renderWatchingPdf(rows.map((row) => ({ row, myMaxPence: personal.get(row.id)?.maxBid ?? null })), now);
    return { file: pdf.toString('base64'), filename: `watching-list-${now.toISOString().slice(0, 10)}.pdf`, mime_type: 'application/pdf' };
  });
}
