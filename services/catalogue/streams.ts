/** Stream ids of the catalogue's aggregates. The bidding slice relies on these exact prefixes. */
export const auctionStream = (auctionId: string) => `auction-${auctionId}`;
export const lotStream = (lotId: string) => `lot-${lotId}`;
