/**
 * Where the proceeds go: a saved payout method (listed once the emailed access code is confirmed, as in the
 * settings; GET /api/users/{id}/payment_method/ answers 403 before) or a new one sent with the request.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../api/http';
import { Field } from '../../components/field';
import { useAsync } from '../../components/hooks';
import { AccessGate } from '../../components/payout-access-gate';
import { hasAccess, payoutAccess, revokeAccess } from '../../state/payout-access';
import { fetchPayoutMethods, type PayoutMethod } from '../../api/payout';
import { maskSortCode, TYPE_LABEL, type PayoutErrors, type PayoutForm } from '../../lib/payout-validation';
import '../../components/choice.css';

interface Props {
  userId: string | null;
  choice: string;
  onChoice: (choice: string) => void;
  form: PayoutForm;
  errors: PayoutErrors;
  onForm: (patch: Partial<PayoutForm>) => void;
  choiceError?: string;
  onError: (e: unknown) => void;
}

const last4 = (m: PayoutMethod) => (m.type === 'UK_BANK' ? m.account_number_uk : m.iban_int)?.slice(-4) ?? '';

function SavedMethods({ userId, choice, onChoice, onError }: Pick<Props, 'choice' | 'onChoice' | 'onError'> & { userId: string }) {
  const access = useSnapshot(payoutAccess);
  const open = hasAccess(access, userId);
  const list = useAsync((signal) => (open ? fetchPayoutMethods(userId, signal) : Promise.resolve(null)), [userId, open]);
  const denied = list.error instanceof ApiError && list.error.status === 403;
  useEffect(() => {
    if (denied) revokeAccess((list.error as ApiError).message);
  }, [denied, list.error]);
  // The default method is the one picked first.
  const methods = list.data ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list arrives: a later choice is the user's
  useEffect(() => {
    if (methods?.length && choice === 'new') onChoice((methods.find((m) => m.is_default) ?? methods[0]).id);
    // Only when the list arrives.
  }, [methods]);

  if (!open || denied) {
    return (
      <details className="sell-saved-payout">
        <summary>Use one of your saved payout methods</summary>
        <AccessGate userId={userId} onError={onError} />
      </details>
    );
  }
  if (!methods) return null;
  return (
    <>
      {methods.map((m) => (
        <label key={m.id} className="choice__option">
          <input type="radio" name="sell-payout" checked={choice === m.id} onChange={() => onChoice(m.id)} />
          {TYPE_LABEL[m.type]} ending {last4(m)}{m.is_default ? ' (default)' : ''}
        </label>
      ))}
    </>
  );
}

export function PayoutSection({ userId, choice, onChoice, form, errors, onForm, choiceError, onError }: Props) {
  return (
    <div className="sell-payout">
      <fieldset className="choice choice--column">
        <legend>Pay my proceeds to</legend>
        {userId && <SavedMethods userId={userId} choice={choice} onChoice={onChoice} onError={onError} />}
        <label className="choice__option">
          <input type="radio" name="sell-payout" checked={choice === 'new'} onChange={() => onChoice('new')} />
          A new bank account
        </label>
      </fieldset>
      {choiceError && <p className="form-error" role="alert">{choiceError}</p>}
      {choice === 'new' && (
        <div className="form form--grid">
          <fieldset className="choice span-all">
            <legend>Account type</legend>
            {(['UK_BANK', 'INT_BANK'] as const).map((t) => (
              <label key={t} className="choice__option">
                <input type="radio" name="sell-payout-type" value={t} checked={form.type === t} onChange={() => onForm({ type: t })} />
                {TYPE_LABEL[t]}
              </label>
            ))}
          </fieldset>
          {form.type === 'UK_BANK' ? (
            <>
              <Field label="Account holder name" className="span-all" maxLength={100} value={form.account_owner_uk} error={errors.account_owner_uk} onValue={(v) => onForm({ account_owner_uk: v })} />
              <Field label="Sort code" inputMode="numeric" placeholder="12-34-56" autoComplete="off" value={form.sort_code_uk} error={errors.sort_code_uk} onValue={(v) => onForm({ sort_code_uk: maskSortCode(v) })} />
              <Field label="Account number" inputMode="numeric" placeholder="8 digits" autoComplete="off" maxLength={9} value={form.account_number_uk} error={errors.account_number_uk} onValue={(v) => onForm({ account_number_uk: v })} />
            </>
          ) : (
            <>
              <Field label="Account holder name" className="span-all" maxLength={100} value={form.account_owner_int} error={errors.account_owner_int} onValue={(v) => onForm({ account_owner_int: v })} />
              <Field label="IBAN" autoComplete="off" spellCheck={false} maxLength={40} value={form.iban_int} error={errors.iban_int} onValue={(v) => onForm({ iban_int: v })} />
              <Field label="BIC / SWIFT" autoComplete="off" spellCheck={false} maxLength={14} value={form.bic_swift_int} error={errors.bic_swift_int} onValue={(v) => onForm({ bic_swift_int: v })} />
              <Field label="Bank address" className="span-all" autoComplete="off" maxLength={80} value={form.bank_address_int} error={errors.bank_address_int} onValue={(v) => onForm({ bank_address_int: v })} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
