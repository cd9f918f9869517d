/**
 * The catalogue's shapes as the client holds them (docs/api.md). The answers are the server's own types, through the
 * contract (web/README.md "Types from the server"); only what the client adds on top is written here.
 */
import type { Auction, BidHistoryLine, BidPlaced, CurrentUser, LotAnswer, LotDetail, Money, Page } from '../api/contract';

export type { Auction, Money, Page };

export type Photo = LotAnswer['photos'][number];
export type BidStats = LotAnswer['bid_stats'];
export type LotItem = LotAnswer['item'];

/**
 * A lot as the store holds it: the lot of every list, plus the caller's note when it came from the lot page, and
 * `finished` when the live channel listed it as finished (the client's own mark).
 */
export type Lot = LotAnswer & Partial<Pick<LotDetail, 'note'>> & { finished?: boolean };

/** The signed-in user as GET /api/users/current/ answers it. */
export type User = CurrentUser;

export type BidHistoryEntry = BidHistoryLine;
export type BidAnswer = BidPlaced;

/** Read-only view of a value, as a valtio snapshot gives it. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

export type LotView = DeepReadonly<Lot>;
