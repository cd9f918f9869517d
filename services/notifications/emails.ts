/**
 * One email per template, HTML and text, from the notification's own text plus a line of what to do next and a link.
 * Plain template functions: every value is escaped in the HTML.
 */
import type { Template } from '../../domain/notifications/templates';
import type { OutgoingEmail } from '../../infra/mail/outbox';
import { HOUSE_NAME } from '../../infra/config/house-settings';
import { escapeHtml } from '../../infra/http/escape-html';

type Email = Omit<OutgoingEmail, 'now' | 'dedupe_key'>;

interface Copy { subject: string; next: string; action: string; path: (lotId: string | null) => string }

const lotPath = (lotId: string | null) => (lotId ? `/product/${lotId}` : '/account/dashboard');

export const EMAIL_COPY: Record<Template, Copy> = {
  outbid: { subject: 'You have been outbid', next: 'Another bidder has bid more than your maximum. Bid again to stay in the running.', action: 'Bid again', path: lotPath },
  met_reserve: { subject: 'The reserve on your lot has been met', next: 'Your lot will sell when the auction ends.', action: 'See your lot', path: lotPath },
  met_reserve_where_you_bid: { subject: 'Reserve met on a lot you bid on', next: 'The lot will now sell to the highest bidder when it closes.', action: 'See the lot', path: lotPath },
  won_items: { subject: 'You won a lot', next: 'Please pay for your lot within 7 days at checkout.', action: 'Pay now', path: () => '/checkout' },
  end_of_auction_for_seller: { subject: 'Your lot has closed', next: 'You will be paid once the buyer has paid.', action: 'See your results', path: () => '/account/sellers-area' },
  you_are_paid: { subject: 'You have been paid', next: 'The proceeds are in your wallet. You can withdraw them to your bank account.', action: 'Open your wallet', path: () => '/account/wallet' },
  lots_that_match_my_interest: { subject: 'A lot that matches your interests', next: 'A lot you follow or that matches your keywords has been consigned.', action: 'See the lot', path: lotPath },
  please_pay_now: { subject: 'Please pay for your lots', next: 'Your won lots are waiting for payment.', action: 'Pay now', path: () => '/checkout' },
  storage_is_ending: { subject: 'Your storage period is ending', next: 'Arrange delivery or extend storage before it ends.', action: 'Manage storage', path: () => '/checkout' },
  storage_period_expired: { subject: 'Your storage period has expired', next: 'Please arrange delivery or extend storage.', action: 'Manage storage', path: () => '/checkout' },
  payment_method_reminder: { subject: 'Your order is waiting for payment', next: 'The payment details are on your order. We send, store or hold your lots once it is paid.', action: 'See your orders', path: () => '/account/orders' },
  shipping_method_reminder: { subject: 'Choose how to receive your lots', next: 'Choose delivery, collection or storage for your lots.', action: 'Choose now', path: () => '/checkout' },
  payment_details_required: { subject: 'Tell us where to pay you', next: 'Add your bank details so we can pay out your proceeds.', action: 'Add bank details', path: () => '/account/settings?section=seller-payment' },
  request_to_fill_details: { subject: 'Complete your profile', next: 'A few details are missing from your profile.', action: 'Complete my profile', path: () => '/account/settings' },
  relist_request_success: { subject: 'Your lot will be relisted', next: 'Your relist request has been accepted.', action: 'See your lots', path: () => '/account/sellers-area' },
  full_seller_invoice_available: { subject: 'Your seller invoice is ready', next: 'Your full seller invoice can be downloaded now.', action: 'Download it', path: () => '/account/sellers-area' },
};

export function notificationEmail(publicUrl: string, to: string, firstName: string, n: { template: Template; text: string; lot_id: string | null }): Email {
  const copy = EMAIL_COPY[n.template];
  const link = `${publicUrl}${copy.path(n.lot_id)}`;
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const text = [greeting, '', n.text, copy.next, '', `${copy.action}: ${link}`, '', HOUSE_NAME,
    'You can choose which emails you get in your account settings.'].join('\n');
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#222">` +
    `<p>${escapeHtml(greeting)}</p><p><strong>${escapeHtml(n.text)}</strong></p><p>${escapeHtml(copy.next)}</p>` +
    `<p><a href="${escapeHtml(link)}" style="background:#7a4b1f;color:#fff;padding:8px 16px;text-decoration:none">${escapeHtml(copy.action)}</a></p>` +
    `<p>${escapeHtml(HOUSE_NAME)}</p><p style="font-size:12px;color:#777">You can choose which emails you get in your account settings.</p></body></html>`;
  return { to, subject: copy.subject, text, html };
}
