/** The short text (the notification's title) of each template. The outbid text is also the live push's. */
import { penceToDecimal } from '../shared/money';

const gbp = (pence: number) => `£${penceToDecimal(pence)}`;
const named = (title: string) => (title ? ` ${title}` : '');
const BY_METHOD: Record<string, string> = { UK_BANK: ' by UK bank transfer', INT_BANK: ' by international bank transfer', IN_STORE: ' in store' };

export const texts = {
  outbid: (title: string) => (title ? `You have been outbid on ${title}` : 'You have been outbid'),
  met_reserve: (title: string) => `The reserve on your lot${named(title)} has been met`,
  met_reserve_where_you_bid: (title: string) => `The reserve has been met on${named(title) || ' a lot'} you bid on`,
  won_items: (title: string, hammer: number) => `Congratulations, you won${named(title) || ' a lot'} for ${gbp(hammer)}`,
  end_of_auction_for_seller: (title: string, hammer: number | null) =>
    hammer === null ? `Your lot${named(title)} did not sell` : `Your lot${named(title)} sold for ${gbp(hammer)}`,
  /** `word`: the keyword that matched; null when the user follows the lot's item. */
  lots_that_match_my_interest: (title: string, word: string | null) =>
    word === null ? `A new lot of an item you follow: ${title}` : `A new lot matches your keyword "${word}": ${title}`,
  you_are_paid: (title: string, amount: number) => `You have been paid ${gbp(amount)}${title ? ` for ${title}` : ''}`,
  please_pay_now: (title: string) => `Please pay for${named(title) || ' your lot'}: payment is due within 2 days`,
  storage_is_ending: (title: string, expiresAt: string) => `Storage of${named(title) || ' your lot'} ends on ${expiresAt.slice(0, 10)}`,
  storage_period_expired: (title: string) => `The storage period of${named(title) || ' your lot'} has expired`,
  payment_details_required: () => 'Add your bank details so we can pay you your proceeds',
  request_to_fill_details: () => 'Please complete your profile',
  /** `method`: the order's payment method (UK_BANK, INT_BANK, IN_STORE); "in store" reads better than "by payment in store". */
  payment_method_reminder: (orderNumber: string, method: string) =>
    `Your order ${orderNumber} is waiting for your payment${BY_METHOD[method] ?? ''}`,
  relist_request_success: (titles: string[]) =>
    titles.length === 1 ? `${titles[0]} will be relisted in the next auction` : `Your ${titles.length} lots will be relisted in the next auction`,
  full_seller_invoice_available: () => 'Your seller statement for the auction is complete: every sold lot has been paid',
  shipping_method_reminder: (title: string) => `Choose how we should send, store or hold${named(title) || ' your lot'} for you`,
};
