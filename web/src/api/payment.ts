/**
 * Card payments answer either payment HTML (a form that continues to the provider or its 3-D Secure page), an
 * address to go to, or a result. Payment HTML is inserted and its form submitted automatically.
 */
import { unwrap } from '../lib/normalize';

export type PaymentOutcome = { kind: 'redirect' } | { kind: 'done'; data: Record<string, unknown> };

function submitHtml(html: string): void {
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.innerHTML = html;
  document.body.append(holder);
  const form = holder.querySelector('form');
  if (form) {
    form.submit();
    return;
  }
  const doc = document.open();
  doc.write(html);
  doc.close();
}

export function continuePayment(answer: unknown): PaymentOutcome {
  const d = unwrap<unknown>(answer);
  if (typeof d === 'string' && d.includes('<')) {
    submitHtml(d);
    return { kind: 'redirect' };
  }
  const o = (d && typeof d === 'object' ? d : {}) as Record<string, unknown>;
  const html = o.payment_html ?? o.html;
  if (typeof html === 'string') {
    submitHtml(html);
    return { kind: 'redirect' };
  }
  const url = o.redirect_url ?? o.payment_url ?? o.url ?? o.checkout_url;
  if (typeof url === 'string' && url) {
    location.assign(url);
    return { kind: 'redirect' };
  }
  return { kind: 'done', data: o };
}
