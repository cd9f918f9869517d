/** The lot page's own calls: placing a bid, the bid history and the related lot lists (spec 2 section 7, docs/api.md). */
import { get, post } from '../../api/http';
import { toList, toLot, unwrap } from '../../lib/normalize';
import type { BidAnswer, BidHistoryEntry, Lot } from '../../lib/types';

export const fetchBids = async (lot: string) => toList<BidHistoryEntry>(await get('/api/bids/', { lot }));

export const placeBid = (lot: string, bid: string, idempotencyKey: string, slug?: string) =>
  post('/api/bids/', slug ? { bid, lot, slug } : { bid, lot }, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then((v) => unwrap<BidAnswer>(v));

const lotsOf = (v: unknown) => toList<Lot>(v).map((l) => toLot(l)).filter((l): l is Lot => !!l);

export const fetchSimilarLots = async (lotId: string) => lotsOf(await get('/api/similar_lots/', { lot_id: lotId }));
export const fetchPeopleAlsoBidOn = async (lotId: string) => lotsOf(await get('/api/people_also_bid_on/', { lot_id: lotId }));
