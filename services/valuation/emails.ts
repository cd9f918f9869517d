/** The email a seller gets when staff answer a valuation request (queued in the outbox with the answer's event). */
import type { Config } from '../../infra/config/config';
import type { OutgoingEmail } from '../../infra/mail/outbox';
import { HOUSE_NAME } from '../../infra/config/house-settings';
import { escapeHtml } from '../../infra/http/escape-html';

type Email = Omit<OutgoingEmail, 'now' | 'dedupe_key'>;

export function valuationAnsweredEmail(
  config: Config, to: string, firstName: string, reference: string, answer: { decision: 'estimate' | 'decline'; low: string | null; high: string | null; message: string },
): Email {
  const link = `${config.publicUrl}/account/sellers-area`;
  const lines = answer.decision === 'estimate'
    ? [`Our specialists have valued your request ${reference}: we estimate £${answer.low} to £${answer.high} at auction.`, answer.message,
      `You can see it and send the items for sale from your seller's area: ${link}`]
    : [`Our specialists have looked at your request ${reference} and cannot offer it for auction this time.`, answer.message,
      `You can see the answer in your seller's area: ${link}`];
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const subject = answer.decision === 'estimate' ? `Your valuation ${reference} is ready` : `Your valuation request ${reference}`;
  return {
    to, subject,
    text: [greeting, '', ...lines, '', HOUSE_NAME].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>${escapeHtml(HOUSE_NAME)}</p>`,
  };
}
