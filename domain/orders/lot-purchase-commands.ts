/** Commands on a lot's purchase (stream `lot-purchase-<lotId>`). */

/** A won lot (free), or a stored lot of the buyer's, joins an order awaiting payment. */
export interface ReserveLot { type: 'ReserveLot'; lot_id: string; order_id: string; buyer_id: string; now: string }
/** Its order was cancelled: the lot is free again (a stored lot simply stays stored). */
export interface ReleaseLotReservation { type: 'ReleaseLotReservation'; lot_id: string; order_id: string; now: string }
/** The order that reserved the won lot is paid. */
export interface PayLot { type: 'PayLot'; lot_id: string; order_id: string; buyer_id: string; now: string }
/** A storage order is paid: the bottles stay (or go) in storage until `expires_at`. */
export interface ExtendLotStorage { type: 'ExtendLotStorage'; lot_id: string; order_id: string; expires_at: string; now: string }
/** A delivery or collection order is paid: the stored bottles leave storage with it. */
export interface LeaveStorage { type: 'LeaveStorage'; lot_id: string; order_id: string; now: string }

export type LotPurchaseCommand = ReserveLot | ReleaseLotReservation | PayLot | ExtendLotStorage | LeaveStorage;
