/**
 * The house's plain transactional email: a greeting, a few lines, one button to the page it is about, the house's
 * name. The text part says the same as the HTML part; every value is escaped in the HTML.
 */
import type { OutgoingEmail } from './outbox';
import { HOUSE_NAME } from '../config/house-settings';
import { escapeHtml } from '../http/escape-html';

export type Email = Omit<OutgoingEmail, 'now' | 'dedupe_key'>;

export function buttonEmail(to: string, subject: string, firstName: string, lines: string[], link: string, action: string): Email {
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
  const text = [greeting, '', ...lines, '', `${action}: ${link}`, '', HOUSE_NAME].join('\n');
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#222"><p>${escapeHtml(greeting)}</p>` +
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    `<p><a href="${escapeHtml(link)}" style="background:#7a4b1f;color:#fff;padding:8px 16px;text-decoration:none">${escapeHtml(action)}</a></p>` +
    `<p>${escapeHtml(HOUSE_NAME)}</p></body></html>`;
  return { to, subject, text, html };
}
