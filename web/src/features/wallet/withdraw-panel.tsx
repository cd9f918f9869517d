/**
 * Withdrawal: amount and payout method, then the 6-digit code emailed to the user ("Send a new code" replaces it),
 * then the outcome. The hold is placed when the request is made, so the balance is re-read after every step.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { Spinner } from '../../components/feedback';
import { Field, SelectField } from '../../components/field';
import { useAsync } from '../../components/hooks';
import { formatDateTime } from '../../lib/dates';
import { formatGBP, toPence } from '../../lib/money';
import { session } from '../../state/session';
import { fetchPayoutChoices, type Wallet } from '../../api/wallet';
import { checkWithdrawal, isCodeShaped, WITHDRAW_MSG, type WithdrawErrors } from '../../lib/wallet-rules';
import {
  clearWithdrawalErrors, resumeWithdrawal, sendNewCode, startNewWithdrawal, submitCode, submitWithdrawal, withdrawal,
} from './withdrawal-store';

const PAYOUT_SETTINGS = '/account/settings?section=seller-payment';

interface Props {
  wallet: Wallet | undefined;
  /** Balances and transactions changed (hold placed, confirmed, released). */
  onChange: () => void;
  onError: (e: unknown) => void;
}

function RequestForm({ wallet, onChange, onError }: Props) {
  const snap = useSnapshot(withdrawal);
  const choices = useAsync((signal) => fetchPayoutChoices(signal), []);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('');
  const [local, setLocal] = useState<WithdrawErrors>({});
  const refs = { amount: useRef<HTMLDivElement>(null), payment_method: useRef<HTMLDivElement>(null) };

  useEffect(() => {
    const list = choices.data;
    if (list?.length && !method) setMethod((list.find((c) => c.is_default) ?? list[0]).id);
  }, [choices.data, method]);

  const errors = { ...snap.errors, ...local };
  const focus = (field: keyof WithdrawErrors | null) => field && refs[field].current?.querySelector<HTMLElement>('input, select')?.focus();
  const available = wallet ? toPence(wallet.balance) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    clearWithdrawalErrors();
    const checked = checkWithdrawal(amount, method, available);
    setLocal(checked.errors);
    if (checked.errors.payment_method || checked.errors.amount || checked.pence === null) {
      return focus(checked.errors.payment_method ? 'payment_method' : 'amount');
    }
    try {
      if (await submitWithdrawal(checked.pence, method)) onChange();
      else focus(withdrawal.firstError);
    } catch (err) {
      onError(err);
    }
  };

  if (choices.error) {
    return <p className="form-error" role="alert">{choices.error.message} <button type="button" className="link-button" onClick={choices.reload}>Try again</button></p>;
  }
  if (!choices.data) return <Spinner label="Loading your payout methods" />;
  if (choices.data.length === 0) {
    return (
      <div className="wallet-withdraw__empty">
        <p>To withdraw, first add the bank account we should pay into.</p>
        <Link href={PAYOUT_SETTINGS} className="button button--ghost button--small">Add a payout method</Link>
      </div>
    );
  }
  const options = [{ value: '', label: 'Choose a payout method' }, ...choices.data.map((c) => ({ value: c.id, label: c.label }))];
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Withdraw money">
      <div ref={refs.amount}>
        <Field
          label="Amount (£)" inputMode="decimal" autoComplete="off" value={amount} error={errors.amount}
          hint={wallet ? `Available to withdraw: ${formatGBP(wallet.balance)}` : undefined}
          onValue={(v) => { setAmount(v); setLocal((l) => ({ ...l, amount: undefined })); }}
        />
      </div>
      <div ref={refs.payment_method}>
        <SelectField
          label="Pay to" options={options} value={method} error={errors.payment_method}
          onValue={(v) => { setMethod(v); setLocal((l) => ({ ...l, payment_method: undefined })); }}
        />
      </div>
      <p className="field__hint"><Link href={PAYOUT_SETTINGS}>Manage payout methods</Link></p>
      <button type="submit" className="button button--primary" disabled={snap.busy}>{snap.busy ? 'Requesting…' : 'Withdraw'}</button>
    </form>
  );
}

function CodeForm({ onChange }: Pick<Props, 'onChange'>) {
  const snap = useSnapshot(withdrawal);
  const { user } = useSnapshot(session);
  const [code, setCode] = useState('');
  const [local, setLocal] = useState('');
  const request = snap.request!;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isCodeShaped(code)) return setLocal(WITHDRAW_MSG.codeFormat);
    setLocal('');
    await submitCode(code);
    setCode('');
    // Confirmed, refused or cancelled: the hold may have moved either way.
    onChange();
  };
  const resend = async () => {
    setLocal('');
    setCode('');
    await sendNewCode();
  };
  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Confirm your withdrawal">
      <p>
        We have emailed a 6-digit code to <strong>{user?.email ?? 'you'}</strong>. Enter it to confirm the withdrawal
        of <strong>{formatGBP(request.amount)}</strong>{request.payment_method ? <> to <strong>{request.payment_method.label}</strong></> : null}.
      </p>
      {request.code_expires_at && <p className="field__hint">The code works until {formatDateTime(request.code_expires_at)}.</p>}
      <Field
        label="Verification code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} autoFocus
        error={local || null} onValue={(v) => { setCode(v); setLocal(''); }}
      />
      {snap.codeError && <p className="form-error" role="alert">{snap.codeError}</p>}
      {snap.codeNotice && <p className="form-success" role="status">{snap.codeNotice}</p>}
      <div className="form__row">
        <button type="submit" className="button button--primary" disabled={snap.busy}>{snap.busy ? 'Checking…' : 'Confirm withdrawal'}</button>
        <button type="button" className="button button--ghost" onClick={resend} disabled={snap.busy}>Send a new code</button>
      </div>
    </form>
  );
}

function OutcomeNote() {
  const { outcome } = useSnapshot(withdrawal);
  const note = useRef<HTMLParagraphElement>(null);
  // The form the focus was in has gone: the answer takes it.
  useEffect(() => note.current?.focus(), []);
  if (!outcome) return null;
  const ok = outcome.kind === 'confirmed';
  return (
    <div className="wallet-outcome">
      <p ref={note} tabIndex={-1} className={ok ? 'form-success' : 'form-error'} role={ok ? 'status' : 'alert'}>{outcome.msg}</p>
      {ok && (
        <p>
          {formatGBP(outcome.withdrawal.amount)}
          {outcome.withdrawal.payment_method ? ` to ${outcome.withdrawal.payment_method.label}` : ''} is set aside from your balance
          and paid out by the house, usually within three working days.
        </p>
      )}
      <button type="button" className="button button--ghost button--small" onClick={startNewWithdrawal}>
        {ok ? 'Make another withdrawal' : 'Start a new withdrawal'}
      </button>
    </div>
  );
}

export function WithdrawPanel(props: Props) {
  const snap = useSnapshot(withdrawal);
  const { user } = useSnapshot(session);
  const userId = user ? String(user.id) : null;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!userId) return;
    const ctrl = new AbortController();
    void resumeWithdrawal(userId, ctrl.signal).finally(() => !ctrl.signal.aborted && setReady(true));
    return () => ctrl.abort();
  }, [userId]);

  return (
    <section className="wallet-card wallet-withdraw" aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">{snap.request ? 'Confirm your withdrawal' : 'Withdraw'}</h2>
      {!ready ? <Spinner label="Loading" /> : snap.outcome ? <OutcomeNote /> : snap.request ? <CodeForm onChange={props.onChange} /> : <RequestForm {...props} />}
    </section>
  );
}
