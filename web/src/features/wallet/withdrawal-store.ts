/**
 * The withdrawal in progress (spec 2 section 4): a request stores the request data, a successful verification clears
 * it, errors can be cleared. Kept outside the page so that leaving the wallet and coming back (or a reload, through
 * GET /api/withdraw/) returns to the code entry rather than asking for a second withdrawal.
 */
import { proxy, ref } from 'valtio';
import { ApiError } from '../../api/http';
import { penceToDecimal, type Pence } from '../../lib/money';
import {
  fetchWithdrawals, newWithdrawalCode, requestWithdrawal, verifyWithdrawal, type PendingWithdrawal,
} from '../../api/wallet';
import { cleanCode, endedWithdrawal, serverMessage, withdrawErrors, type WithdrawErrors } from '../../lib/wallet-rules';

interface Outcome {
  kind: 'confirmed' | 'cancelled';
  msg: string;
  withdrawal: PendingWithdrawal;
}

export const withdrawal = proxy({
  /** Whose withdrawal this is: another user signing in on the same tab starts clean. */
  userId: null as string | null,
  request: null as PendingWithdrawal | null,
  errors: {} as WithdrawErrors,
  /** Which field to point at first after a refusal (payment_method wins). */
  firstError: null as keyof WithdrawErrors | null,
  /** The server's msg when a code was refused. */
  codeError: '',
  /** The server's msg after a new code was sent. */
  codeNotice: '',
  outcome: null as Outcome | null,
  busy: false,
});

function reset(userId: string | null): void {
  withdrawal.userId = userId;
  withdrawal.request = null;
  withdrawal.outcome = null;
  clearWithdrawalErrors();
}

export function clearWithdrawalErrors(): void {
  withdrawal.errors = {};
  withdrawal.firstError = null;
  withdrawal.codeError = '';
  withdrawal.codeNotice = '';
}

/** Starts over after an outcome (or for another user). */
export const startNewWithdrawal = () => reset(withdrawal.userId);

/** On opening the wallet: keeps this user's withdrawal in progress, or picks up one still waiting for its code. */
export async function resumeWithdrawal(userId: string, signal?: AbortSignal): Promise<void> {
  if (withdrawal.userId !== userId) reset(userId);
  if (withdrawal.request || withdrawal.outcome) return;
  try {
    const waiting = (await fetchWithdrawals(signal)).find((w) => w.status === 'awaiting_code');
    if (waiting && !withdrawal.request && !withdrawal.outcome && withdrawal.userId === userId) withdrawal.request = ref({ ...waiting });
  } catch {
    // Only a convenience: without it the form is shown, and the server refuses what the balance cannot cover.
  }
}

/**
 * POST /api/withdraw/. Field errors stay on their fields; other failures are thrown for the "Error occurred" dialog.
 */
export async function submitWithdrawal(pence: Pence, paymentMethod: string): Promise<boolean> {
  clearWithdrawalErrors();
  withdrawal.busy = true;
  try {
    withdrawal.request = ref(await requestWithdrawal(penceToDecimal(pence), paymentMethod));
    withdrawal.outcome = null;
    return true;
  } catch (e) {
    const { errors, first } = withdrawErrors(e instanceof ApiError ? e.fields : {});
    if (!first) throw e;
    withdrawal.errors = errors;
    withdrawal.firstError = first;
    return false;
  } finally {
    withdrawal.busy = false;
  }
}

/** POST /api/withdraw/{id}/verify/. A refusal shows the server's msg; too many wrong codes end the withdrawal. */
export async function submitCode(code: string): Promise<void> {
  const request = withdrawal.request;
  if (!request) return;
  clearWithdrawalErrors();
  withdrawal.busy = true;
  try {
    const answer = await verifyWithdrawal(request.id, cleanCode(code));
    withdrawal.outcome = { kind: 'confirmed', msg: answer.msg ?? 'Your withdrawal is confirmed.', withdrawal: ref({ ...request, status: 'confirmed' }) };
    withdrawal.request = null;
  } catch (e) {
    const msg = serverMessage(e);
    if (endedWithdrawal(e)) {
      withdrawal.outcome = { kind: 'cancelled', msg, withdrawal: ref({ ...request, status: 'cancelled' }) };
      withdrawal.request = null;
    } else {
      withdrawal.codeError = msg;
    }
  } finally {
    withdrawal.busy = false;
  }
}

/** POST /api/withdraw/{id}/update_code/: a new code by email; the old one stops working. */
export async function sendNewCode(): Promise<void> {
  const request = withdrawal.request;
  if (!request) return;
  clearWithdrawalErrors();
  withdrawal.busy = true;
  try {
    const answer = await newWithdrawalCode(request.id);
    withdrawal.request = ref({ ...request, code_expires_at: answer.code_expires_at ?? request.code_expires_at });
    withdrawal.codeNotice = answer.msg ?? 'We have emailed you a new code.';
  } catch (e) {
    withdrawal.codeError = serverMessage(e);
  } finally {
    withdrawal.busy = false;
  }
}
