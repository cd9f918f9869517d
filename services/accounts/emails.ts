/** The account emails: verification and password reset. Links go to the client's shell (`/?submit_token=`...). */
import type { Config } from '../../infra/config/config';
import type { OutgoingEmail } from '../../infra/mail/outbox';
import { HOUSE_NAME } from '../../infra/config/house-settings';
import { escapeHtml } from '../../infra/http/escape-html';

type Email = Omit<OutgoingEmail, 'now' | 'dedupe_key'>;

function layout(greeting: string, lines: string[], link: string, action: string): { text: string; html: string } {
  const text = [greeting, '', ...lines, '', link, '', HOUSE_NAME].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(HOUSE_NAME)}</p>`;
  return { text, html };
}

const hello = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');

export function verificationEmail(config: Config, to: string, firstName: string, token: string): Email {
  const link = `${config.publicUrl}/?submit_token=${encodeURIComponent(token)}`;
  const body = layout(hello(firstName), [
    `Thank you for registering with ${HOUSE_NAME}. Please confirm your email address by opening the link below.`,
    'The link is valid for 3 days. If you did not register, you can ignore this email.',
  ], link, 'Confirm my email address');
  return { to, subject: 'Confirm your email address', ...body };
}

export function passwordResetEmail(config: Config, to: string, firstName: string, token: string): Email {
  const link = `${config.publicUrl}/?reset_token=${encodeURIComponent(token)}`;
  const body = layout(hello(firstName), [
    `We received a request to reset the password of your ${HOUSE_NAME} account. Open the link below to choose a new one.`,
    'The link is valid for 1 hour and works once. If you did not ask for this, you can ignore this email: your password stays as it is.',
  ], link, 'Choose a new password');
  return { to, subject: 'Reset your password', ...body };
}

/** To the owner of an address someone tried to register again: the sign-up answer itself says nothing (no enumeration). */
export function registrationAttemptEmail(config: Config, to: string, firstName: string): Email {
  const link = `${config.publicUrl}/?reset_password=true`;
  const body = layout(hello(firstName), [
    `Someone tried to register a new ${HOUSE_NAME} account with this email address, which already has an account.`,
    'If it was you, sign in with your password, or reset it with the link below if you have forgotten it.',
    'If it was not you, you can ignore this email: nothing has changed on your account.',
  ], link, 'Reset my password');
  return { to, subject: 'Someone tried to register with your email address', ...body };
}
