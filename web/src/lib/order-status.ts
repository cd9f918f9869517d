/** An order's status and its label: the buyer's orders history and the staff orders screen. */
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
