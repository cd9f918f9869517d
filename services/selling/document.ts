/**
 * What the sell-request PDF says, taken from what the request's SellRequestSubmitted event recorded and from the target
 * auction's events up to it. One mapping, `sellRequestDocument` (through `submissionPdf`), serves both the answer of
 * POST /api/sell_request/?type=new_items and GET /api/sell_requests/{id}/pdf/, so the document fetched again is the
 * one the seller got at submission. Nothing comes from the read models: they move on (items received, the auction
 * rescheduled; the auctions table may even lag the events) and the document must not.
 */
import type { AppContext } from '../context';
import type { StoredEvent } from '../../infra/event-store/types';
import type { CommandOutcome } from '../../infra/commands/command-handler';
import { NotFound } from '../../domain/shared/errors';
import { SELL_MSG } from '../../domain/selling/sell-requests/messages';
import { sellRequestStream, type SellRequestEvent, type SellRequestSubmitted } from '../../domain/selling/sell-requests/events';
import type { AuctionEvent } from '../../domain/catalogue/auction/events';
import { auctionStream } from '../catalogue/streams';
import { renderSellRequestPdf, sellRequestFileName, type SellRequestDocument } from './pdf';

type Submission = SellRequestSubmitted['data'];

/** What the document names of the target auction. */
interface AuctionFacts { start_date: Date; year: number; sequence_no: number }

/** The document of a new-items request; a relist from storage has none (nothing is delivered). */
function sellRequestDocument(s: Submission, auction: AuctionFacts): SellRequestDocument {
  if (s.kind !== 'new_items' || !s.delivery || !s.address) throw new NotFound(SELL_MSG.noPdf);
  return {
    reference: s.reference, delivery: s.delivery, items: s.items, created_at: new Date(s.at), pick_up_date: s.pick_up_date, boxes: s.boxes,
    insurance: s.insurance, address: s.address,
    auction_label: `the auction of ${auction.start_date.toISOString().slice(0, 10)} (${auction.year}-${auction.sequence_no})`,
  };
}

export interface Recorded { submission: Submission; position: number }

/** The submission a command just recorded and its place in the event log (the POST's PDF comes from these, not the body). */
export function recordedSubmission(outcome: CommandOutcome<unknown, SellRequestEvent>): Recorded {
  const i = outcome.events.findIndex((e) => e.type === 'SellRequestSubmitted');
  const appended = i < 0 ? undefined : outcome.append?.events[i];
  if (!appended) throw new Error('A submitted sell request recorded no SellRequestSubmitted event');
  return { submission: outcome.events[i].data as Submission, position: appended.position };
}

/**
 * The target auction as it stood when the request was recorded: its stream folded up to the submission's position, so
 * a later reschedule does not change the date printed on a document the seller already has.
 */
async function auctionAsOf(ctx: AppContext, auctionId: string, position: number): Promise<AuctionFacts> {
  let facts = null as AuctionFacts | null;
  for (const stored of await ctx.store.readStream<AuctionEvent>(auctionStream(auctionId))) {
    if (stored.position > position) break;
    const e = { type: stored.type, data: stored.data } as AuctionEvent;
    if (e.type === 'AuctionCreated') facts = { start_date: new Date(e.data.start_date), year: e.data.year, sequence_no: e.data.sequence_no };
    else if (e.type === 'AuctionRescheduled' && facts) facts = { ...facts, start_date: new Date(e.data.start_date) };
  }
  if (!facts) throw new Error(`The auction ${auctionId} of a sell request has no AuctionCreated event before it`);
  return facts;
}

/**
 * The PDF of a submission recorded at `position`: answered at once by the POST and again by the GET, from the same
 * event and the same auction events, so the two are the same document.
 */
export async function submissionPdf(ctx: AppContext, { submission, position }: Recorded): Promise<Buffer> {
  return renderSellRequestPdf(sellRequestDocument(submission, await auctionAsOf(ctx, submission.auction_id, position)));
}

interface SellRequestFile { file: Buffer; filename: string }

/**
 * The caller's own request's PDF again. Another user's request answers exactly like a missing one (GET
 * /api/sell_requests/{id}/ does the same); a relist from storage is 404 with SELL_MSG.noPdf.
 */
export async function ownSellRequestPdf(ctx: AppContext, userId: string, requestId: string): Promise<SellRequestFile> {
  // The submission is always the stream's first event; staff events after it never change the document.
  // Stream ids are written with lower-case uuids; the read model's uuid column matches any case, so this must too.
  const [first] = await ctx.store.readStream<SellRequestEvent>(sellRequestStream(requestId.toLowerCase()));
  const submitted = first?.type === 'SellRequestSubmitted' ? (first as StoredEvent<SellRequestSubmitted>) : null;
  if (!submitted || submitted.data.user_id !== userId) throw new NotFound(SELL_MSG.notFound);
  if (submitted.data.kind !== 'new_items') throw new NotFound(SELL_MSG.noPdf);
  const file = await submissionPdf(ctx, { submission: submitted.data, position: submitted.position });
  return { file, filename: sellRequestFileName(submitted.data.reference) };
}
