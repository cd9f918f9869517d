/**
 * Query parameters any page may be opened with (spec 1, section 2): submit_token, reset_password, reset_token,
 * temp_token, pdf_order_id and the card-payment returns (registration_fee, user_payment_cards, create_order with
 * lot and bid, and the payment's id): each is removed from the address once handled, and a card result is shown
 * only as the server confirms it (state/payment-returns). A card return that lands in the payment popup is handed
 * to the window that opened it, which shows the result (api/payment.ts).
 */
import { navigate as browserNavigate } from 'wouter/use-browser-location';
import { verifyEmail, validateResetToken } from '../api/auth';
import { downloadOrderPdf } from '../api/files';
import type { ApiError } from '../api/http';
import { handOverToOpener, setPaymentReturnHandler } from '../api/payment';
import { adoptTempToken } from '../api/tokens';
import { openModal } from './modals';
import { handlePaymentReturn } from './payment-returns';
import { loadUser, session, signIn } from './session';
import { pushToast } from './toasts';
import { friendlyFailure } from '../lib/error-text';

const HANDLED_KEYS = [
  'submit_token', 'reset_password', 'reset_token', 'temp_token', 'pdf_order_id', 'registration_fee',
  'user_payment_cards', 'create_order', 'lot', 'bid', 'payment',
] as const;

export { CARD_ADDED, CARD_ERROR, showFeePaid } from './payment-returns';
const PAYMENT_KEYS = ['registration_fee', 'user_payment_cards', 'create_order'];

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

function stripQuery(navigate: Navigate): void {
  const params = new URLSearchParams(location.search);
  HANDLED_KEYS.forEach((k) => { params.delete(k); });
  const rest = params.toString();
  navigate(`${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`, { replace: true });
}

const tokenError = (e: unknown): string | null => {
  const err = e as ApiError;
  const data = err?.data as Record<string, unknown> | undefined;
  if (err?.fields?.token) return err.fields.token;
  if (data && typeof data.detail === 'string' && /token/i.test(data.detail)) return data.detail;
  return null;
};

let lastHandled = '';

// The payment popup's return query, handed over to this window: handled as if this page had been opened with it.
setPaymentReturnHandler((search) => {
  lastHandled = '';
  void handleShellQuery(search, browserNavigate);
});

export async function handleShellQuery(search: string, navigate: Navigate): Promise<void> {
  const q = new URLSearchParams(search);
  if (!HANDLED_KEYS.some((k) => q.has(k))) return;
  // The same address handled twice (a re-render before the address is rewritten) runs once.
  if (search === lastHandled) return;
  lastHandled = search;
  if (PAYMENT_KEYS.some((k) => q.has(k)) && handOverToOpener(search)) return;
  stripQuery(navigate);

  const submitToken = q.get('submit_token');
  if (submitToken) {
    try {
      await signIn(await verifyEmail(submitToken));
      openModal('memberFee', { afterVerify: true });
    } catch (e) {
      openModal('emailVerification', { mode: 'verify', message: tokenError(e) ?? (e as Error).message });
    }
  }

  if (q.get('reset_password') === 'true') {
    if (session.status === 'signed-in') navigate('/account/settings?section=reset-password');
    else openModal('forgotPassword');
  }

  const resetToken = q.get('reset_token');
  if (resetToken) {
    try {
      await validateResetToken(resetToken);
      openModal('newPassword', { token: resetToken });
    } catch (e) {
      const message = tokenError(e);
      if (message) openModal('emailVerification', { mode: 'reset', message });
      else pushToast({ kind: 'error', title: 'Password reset', text: friendlyFailure(e, 'reset your password') });
    }
  }

  const tempToken = q.get('temp_token');
  if (tempToken) {
    adoptTempToken(tempToken);
    await loadUser();
    navigate('/', { replace: true });
  }

  const pdf = q.get('pdf_order_id');
  if (pdf) {
    downloadOrderPdf(pdf).catch((e) => pushToast({ kind: 'error', title: 'Your order could not be downloaded', text: friendlyFailure(e, 'download your order') }));
  }

  await handlePaymentReturn(q);
}
