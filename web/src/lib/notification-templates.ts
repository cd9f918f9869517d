/** The 16 notification templates (spec 1) with the names shown in the settings, grouped for bidders and sellers. */
export const TEMPLATE_NAMES = {
  outbid: 'You have been outbid',
  won_items: 'You won a lot',
  met_reserve_where_you_bid: 'A lot you bid on met its reserve',
  lots_that_match_my_interest: 'Lots matching your keywords and alerts',
  please_pay_now: 'Payment due for lots you won',
  payment_method_reminder: 'Reminder to pay an order by bank or in store',
  shipping_method_reminder: 'Reminder to choose delivery, storage or collection',
  storage_is_ending: 'Your free storage is ending',
  storage_period_expired: 'Your storage period has ended',
  request_to_fill_details: 'Request to complete your details',
  met_reserve: 'Your lot met its reserve',
  end_of_auction_for_seller: 'Your lots at the end of an auction',
  you_are_paid: 'You have been paid',
  payment_details_required: 'Payment details needed to pay you',
  full_seller_invoice_available: 'Your seller invoice is ready',
  relist_request_success: 'Your relist request was accepted',
} as const;

type TemplateKey = keyof typeof TEMPLATE_NAMES;
export const TEMPLATE_KEYS = Object.keys(TEMPLATE_NAMES) as TemplateKey[];

/** Always shown in the app (toast and list); only their email can be turned off. */
export const ALWAYS_IN_APP: readonly TemplateKey[] = ['outbid', 'won_items'];

/** Toggles one template's email: `wanted` false adds it to the opt-outs. Keeps a stable, duplicate-free order. */
export function toggleOptOut(optOuts: readonly string[], template: string, wanted: boolean): string[] {
  const set = new Set(optOuts);
  if (wanted) set.delete(template);
  else set.add(template);
  return TEMPLATE_KEYS.filter((k) => set.has(k));
}
