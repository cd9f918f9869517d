/** Labels of an order: its status (the buyer's orders history, the staff orders screen) and its shipping line (the checkout's summary, the printed order). */
export type OrderStatus =
  | 'awaiting_payment' | 'paid' | 'processing' | 'shipped' | 'ready_for_collection' | 'collected' | 'stored' | 'cancelled';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  ready_for_collection: 'Ready for collection',
  collected: 'Collected',
  stored: 'In storage',
  cancelled: 'Cancelled',
};

export const statusLabel = (s: string): string =>
  STATUS_LABELS[s as OrderStatus] ?? (s ? s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ') : '—');

/** The shipping line names who delivers: "Shipping by DPD". */
export const shippingLabel = (carrier: string | null | undefined) => (carrier ? `Shipping by ${carrier}` : 'Shipping');
