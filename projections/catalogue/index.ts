/**
 * The catalogue's read models (auctions, lots, watching list) and the lots' bids (bidding's, projections/bidding/lot-bids),
 * registered together in projections/index.ts.
 */
import type { Projection } from '../projection';
import { auctionsProjection } from './auctions/projection';
import { lotsProjection } from './lots/projection';
import { lotBidsProjection } from '../bidding/lot-bids/projection';
import { watchingProjection } from './watching/projection';

export const catalogueProjections: Projection[] = [auctionsProjection, lotsProjection, lotBidsProjection, watchingProjection];
