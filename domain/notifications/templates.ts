/** The 16 notification templates (spec 1, Notification). Each has a cause; see docs/notifications.md. */
export const TEMPLATES = [
  'met_reserve_where_you_bid', 'relist_request_success', 'payment_details_required', 'you_are_paid', 'storage_period_expired',
  'please_pay_now', 'won_items', 'outbid', 'met_reserve', 'lots_that_match_my_interest', 'request_to_fill_details',
  'end_of_auction_for_seller', 'full_seller_invoice_available', 'payment_method_reminder', 'shipping_method_reminder',
  'storage_is_ending',
] as const;

export type Template = (typeof TEMPLATES)[number];
