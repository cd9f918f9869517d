/** The lot page's own calls: placing a bid, the bid history and the related lot lists (spec 2 section 7, docs/api.md). */
import { get, post } from '../../api/http';
import type { BidBody, LotAnswer, Page } from '../../api/contract';
import type { BidAnswer, BidHistoryEntry } from '../../lib/types';

export const fetchBids = async (lot: string) => (await get<Page<BidHistoryEntry>>('/api/bids/', { lot })).results;

export const placeBid = (lot: string, bid: string, idempotencyKey: string, slug?: string) =>
  post<BidAnswer>('/api/bids/', (slug ? { bid, lot, slug } : { bid, lot }) satisfies BidBody, { headers: { 'Idempotency-Key': idempotencyKey } });

const lotsOf = async (answer: Promise<Page<LotAnswer>>) => (await answer).results;

export const fetchSimilarLots = (lotId: string) => lotsOf(get<Page<LotAnswer>>('/api/similar_lots/', { lot_id: lotId }));
export const fetchPeopleAlsoBidOn = (lotId: string) => lotsOf(get<Page<LotAnswer>>('/api/people_also_bid_on/', { lot_id: lotId }));
