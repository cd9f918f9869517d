/** A bidder's spending cap in one auction (domain/spending-cap). The bidding slice guards bids with this exact id. */
export const spendingCapStream = (userId: string, auctionId: string) => `spending-cap-${userId}-${auctionId}`;
