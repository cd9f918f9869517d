/**
 * full_seller_invoice_available: a seller's statement for an auction is complete once the auction has finished and
 * every lot they sold in it has been paid for by its buyer (lots that did not sell, or were withdrawn, need nothing).
 * Once per seller per auction: the id comes from the auction and the seller.
 */
import type { NotificationDraft } from './decide';
import { notificationId } from './id';
import { texts } from './texts';

export interface SellerAuctionFacts {
  auction_id: string;
  seller_id: string;
  auction_finished: boolean;
  /** The seller's lots in the auction: outcome null while open; 'sold', 'unsold' or 'withdrawn' once ended. */
  lots: readonly { outcome: string | null; paid: boolean }[];
}

export function sellerInvoiceNotice(facts: SellerAuctionFacts, at: string): NotificationDraft | null {
  if (!facts.auction_finished || facts.lots.length === 0) return null;
  if (facts.lots.some((lot) => lot.outcome === null || (lot.outcome === 'sold' && !lot.paid))) return null;
  const template = 'full_seller_invoice_available' as const;
  return {
    id: notificationId(`seller-invoice:${facts.auction_id}`, facts.seller_id, template),
    user_id: facts.seller_id,
    template,
    text: texts.full_seller_invoice_available(),
    lot_id: null,
    auction_id: facts.auction_id,
    created_at: at,
  };
}
