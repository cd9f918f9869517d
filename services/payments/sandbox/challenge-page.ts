/**
 * The HTML of the sandbox's 3-D Secure step: the payment form the API answers (the client inserts it and submits it,
 * into a popup if one is open) and the "bank's" challenge page it leads to. Paths are root-relative so they work in
 * the client's page and in a popup alike. The page needs no script; its Content-Security-Policy allows none.
 */
import { penceToDecimal } from '../../../domain/shared/money';
import { HOUSE_NAME } from '../../../infra/config/house-settings';
import { escapeHtml } from '../../../infra/http/escape-html';
const FORM_ID = 'payment-3ds-form';

export const CHALLENGE_PAGE_CSP = [
  "default-src 'none'", "style-src 'unsafe-inline'", "form-action 'self'", "frame-ancestors 'self'", "base-uri 'none'",
].join('; ');

export const challengePath = (intentId: string) => `/payments/sandbox/3ds/${encodeURIComponent(intentId)}`;

/** A form that opens the challenge page (GET, so the token goes as the `t` field of the query). */
export function paymentHtml(intentId: string, challengeToken: string): string {
  return `<form id="${FORM_ID}" method="get" action="${escapeHtml(challengePath(intentId))}">` +
    `<input type="hidden" name="t" value="${escapeHtml(challengeToken)}">` +
    '<noscript><button type="submit">Continue to your bank</button></noscript></form>' +
    `<script>document.getElementById(${JSON.stringify(FORM_ID)}).submit();</script>`;
}

export interface ChallengeView { intentId: string; token: string; amountPence: number; kind: 'payment' | 'setup'; description: string; last4: string; brand: string }

export function challengePage(view: ChallengeView): string {
  const amount = view.kind === 'setup' ? 'Card check: nothing is charged' : `£${penceToDecimal(view.amountPence)}`;
  const button = (action: 'complete' | 'fail', label: string) =>
    `<form method="post" action="${escapeHtml(`${challengePath(view.intentId)}/${action}`)}">` +
    `<input type="hidden" name="t" value="${escapeHtml(view.token)}"><button type="submit" class="${action}">${label}</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>3-D Secure: ${escapeHtml(HOUSE_NAME)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f1ec;margin:0;padding:1rem;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:8px;padding:2rem;max-width:26rem;box-shadow:0 2px 12px #0002}
h1{font-size:1.2rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#666}
.actions{display:flex;gap:1rem;margin-top:1.5rem}button{font-size:1rem;padding:.6rem 1.4rem;border-radius:4px;border:0;cursor:pointer}
.complete{background:#1d6b3a;color:#fff}.fail{background:#ddd}p.note{color:#666;font-size:.85rem}
</style></head>
<body><main>
<h1>Sandbox bank: confirm this ${view.kind === 'setup' ? 'card' : 'payment'}</h1>
<dl><dt>Merchant</dt><dd>${escapeHtml(HOUSE_NAME)}</dd><dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>For</dt><dd>${escapeHtml(view.description)}</dd><dt>Card</dt><dd>${escapeHtml(view.brand)} ending ${escapeHtml(view.last4)}</dd></dl>
<p class="note">This is the test provider's 3-D Secure page. Complete authenticates the card; Fail refuses it.</p>
<div class="actions">${button('complete', 'Complete')}${button('fail', 'Fail')}</div>
</main></body></html>`;
}

/** The answer to a challenge link that is not (or no longer) valid. */
export const INVALID_CHALLENGE = 'This authentication link is not valid. Please go back and try the payment again.';
