/** The catalogue's read models (auctions, lots, bids, watching list), registered together in projections/index.ts. */
import type { Projection } from './projection';
import { auctionsProjection } from './auctions/projection';
import { lotsProjection } from './lots/projection';
import { lotBidsProjection } from './lot-bids/projection';
import { watchingProjection } from './watching/projection';

export const catalogueProjections: Projection[] = [auctionsProjection, lotsProjection, lotBidsProjection, watchingProjection];
