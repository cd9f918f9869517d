/**
 * The payout emails: the 6-digit codes (withdrawal, access to payout details) and the staff outcomes of a withdrawal.
 * A code only ever appears in the email body (never in logs or answers).
 */
import type { OutgoingEmail } from '../../infra/mail/outbox';
import { HOUSE_NAME } from '../../infra/config/house-settings';
import { escapeHtml } from '../../infra/http/escape-html';

type Email = Omit<OutgoingEmail, 'now' | 'dedupe_key'>;

const hello = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');

function layout(to: string, subject: string, greeting: string, lines: string[], code?: string): Email {
  const text = [greeting, '', ...lines.flatMap((l, i) => (i === 0 && code ? [l, '', code] : [l])), '', HOUSE_NAME].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>` +
    lines.map((l, i) => `<p>${escapeHtml(l)}</p>${i === 0 && code ? `<p style="font-size:24px;letter-spacing:4px"><strong>${code}</strong></p>` : ''}`).join('') +
    `<p>${escapeHtml(HOUSE_NAME)}</p>`;
  return { to, subject, text, html };
}

export function withdrawalCodeEmail(to: string, firstName: string, code: string, amount: string, destination: string): Email {
  return layout(to, 'Your withdrawal code', hello(firstName), [
    `To confirm your withdrawal of £${amount} to ${destination}, enter this code:`,
    'The code is valid for 10 minutes and works once. If you did not ask for this withdrawal, do not share the code; ' +
      'the withdrawal is cancelled automatically if it is not confirmed, and you should change your password.',
  ], code);
}

export function accessCodeEmail(to: string, firstName: string, code: string): Email {
  return layout(to, 'Your access code', hello(firstName), [
    'To see or change your payout details, enter this code:',
    'The code is valid for 10 minutes and works once. If you did not ask for it, you can ignore this email.',
  ], code);
}

export function withdrawalPaidOutEmail(to: string, firstName: string, amount: string, destination: string, reference: string): Email {
  return layout(to, 'Your withdrawal has been paid', hello(firstName), [
    `We have paid £${amount} to ${destination}. Bank reference: ${reference}.`,
    'Depending on your bank, it may take up to 3 working days to arrive.',
  ]);
}

export function withdrawalRejectedEmail(to: string, firstName: string, amount: string, reason: string): Email {
  return layout(to, 'Your withdrawal could not be paid', hello(firstName), [
    `We could not pay your withdrawal of £${amount}: ${reason}`,
    'The amount is back in your wallet balance. Please check your payout details or contact us.',
  ]);
}
