/**
 * Turns events from the feed into live messages: public lot updates (coalesced), private bid updates to the bidders
 * whose position changed (at once), an outbid notification to the bidder who lost the lead, finished lots, and
 * auction updates.
 */
import type { StoredEvent } from '../../infra/event-store/types';
import type { AuctionEvent } from '../../domain/catalogue/auction/events';
import { assertNever } from '../../domain/shared/decider';
import type { BidPlaced } from '../../domain/catalogue/lot/events';
import type { LotState } from '../../domain/catalogue/lot/state';
import type { Coalescer } from './coalescer';
import type { LiveHub } from './hub';
import type { LiveLots, LotChange } from './live-lots';
import { notificationId } from '../../domain/notifications/id';
import { outbidUser } from '../../domain/notifications/decide';
import { auctionUpdate, bidUpdate, finishedLots, lotUpdate, outbidNotification } from './messages';
import type { ArticleLikeToggled } from '../../domain/content/article/events';
import { articleLike } from '../content/live-messages';

const LOT_TYPES = new Set(['LotConsigned', 'BidPlaced', 'ReservePriceChanged', 'LotFeaturedSet', 'LotClosed', 'LotEdited', 'LotWithdrawn', 'LotEndRescheduled']);
const AUCTION_TYPES = new Set(['AuctionCreated', 'AuctionFinished', 'AuctionRescheduled']);

/** Event ids remembered to drop the second copy of an event (the feed reads two paths). */
const SEEN_MAX = 50_000;

export class LiveDispatcher {
  private finished: string[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly hub: LiveHub,
    private readonly lots: LiveLots,
    private readonly coalescer: Coalescer,
    private readonly now: () => Date,
  ) {}

  async handle(stored: StoredEvent): Promise<void> {
    if (this.seen.has(stored.event_id)) return;
    this.seen.add(stored.event_id);
    if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.values().next().value as string);
    if (LOT_TYPES.has(stored.type)) {
      const change = await this.lots.apply(stored);
      if (change) this.onLot(change, stored);
    } else if (AUCTION_TYPES.has(stored.type)) {
      this.onAuction({ type: stored.type, data: stored.data } as AuctionEvent);
    } else if (stored.type === 'ArticleLikeToggled') {
      // Every reader of /ws/articles/ gets the new count (who liked stays private).
      const d = stored.data as ArticleLikeToggled['data'];
      this.hub.toChannel('articles', JSON.stringify(articleLike(d.article_id, d.likes_count)), `article-likes:${d.article_id}`);
    }
  }

  /** After a batch of events: the lots that closed in it go out as one message. */
  endBatch(): void {
    if (this.finished.length === 0) return;
    const ids = this.finished;
    this.finished = [];
    this.hub.toLotWatchers(ids, JSON.stringify(finishedLots(ids)));
  }

  private onLot(change: LotChange, stored: StoredEvent): void {
    const { event, after } = change;
    switch (event.type) {
      case 'BidPlaced':
        this.coalescer.push(after.lotId, JSON.stringify(lotUpdate(after)));
        this.tellBidders(event.data, after, change.title, stored.event_id);
        return;
      case 'ReservePriceChanged':
        this.coalescer.push(after.lotId, JSON.stringify(lotUpdate(after)));
        return;
      case 'LotClosed':
        this.finished.push(event.data.lot_id);
        return;
      // Staff changes before the start (opening bid, end): watchers get the new values like after a bid.
      case 'LotEdited':
      case 'LotEndRescheduled':
        this.coalescer.push(after.lotId, JSON.stringify(lotUpdate(after)));
        return;
      // The LotClosed appended with it announces the end (as a finished lot).
      case 'LotWithdrawn':
        return;
      case 'LotConsigned':
      case 'LotFeaturedSet':
        return;
      default:
        assertNever(event);
    }
  }

  private tellBidders(d: BidPlaced['data'], after: LotState, title: string, eventId: string): void {
    const previous = outbidUser(d);
    if (previous) {
      this.hub.toUser(previous, 'lots', JSON.stringify(bidUpdate(after, previous)));
      this.hub.toUser(previous, 'notifications', JSON.stringify(outbidNotification(notificationId(eventId, previous, 'outbid'), d.lot_id, title, d.placed_at)));
    }
    this.hub.toUser(d.leader_id, 'lots', JSON.stringify(bidUpdate(after, d.leader_id)));
    if (d.bidder_id !== d.leader_id) this.hub.toUser(d.bidder_id, 'lots', JSON.stringify(bidUpdate(after, d.bidder_id)));
  }

  private onAuction(event: AuctionEvent): void {
    switch (event.type) {
      case 'AuctionCreated':
      case 'AuctionRescheduled': {
        const { auction_id, start_date, end_date } = event.data;
        const now = this.now().getTime();
        const status = now < Date.parse(start_date) ? 'scheduled' : now < Date.parse(end_date) ? 'live' : 'ended';
        this.hub.toChannel('auctions', JSON.stringify(auctionUpdate(auction_id, status, { start_date, end_date })));
        return;
      }
      case 'AuctionFinished':
        this.hub.toChannel('auctions', JSON.stringify(auctionUpdate(event.data.auction_id, 'finished')));
        return;
      default:
        assertNever(event);
    }
  }
}
