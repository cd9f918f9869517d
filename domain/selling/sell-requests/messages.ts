/** The user-facing messages of the sell-request rules. */
export const SELL_MSG = {
  deadlinePassed: 'The deadline for adding bottles to this auction has passed.',
  required: 'This field is required',
  notFound: 'Sell request not found.',
  /** GET /api/sell_requests/{id}/pdf/ of a relist from storage: nothing is delivered, so there is no document. */
  noPdf: 'A request to relist bottles from your storage has no PDF: the bottles are already with us.',
  itemNotFound: 'Item not found.',
  alreadyReceived: 'This item has already been received.',
  notReceived: 'This item has not been received yet.',
  alreadyConsigned: 'This item has already been consigned.',
  itemClosed: 'This item has been returned to the seller.',
  notItsLot: 'This lot is not this item\'s lot.',
  onlyUnsold: 'Only an unsold lot can be relisted or returned.',
  alreadyHandled: 'This lot has already been relisted or returned.',
  alreadySubmitted: 'This sell request already exists.',
  tooManyPhotos: (max: number) => `At most ${max} photos per item.`,
};
