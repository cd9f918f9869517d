/**
 * SignUpSocial, "Complete your profile": for a signed-in account missing what a bidder must give (names, phone,
 * birth date: accounts made by social sign-in or scripts). Asks only for the missing fields, saves them with
 * PATCH /api/users/{id}/ and reloads the user, whose is_completed then turns true.
 */
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { patch, type ApiError } from '../api/http';
import { Field, FormMessage } from '../components/field';
import { ModalFrame } from '../components/modal-frame';
import { birthDateToIso, maskBirthDate, MSG, validateBirthDate, validateName, validatePhone } from '../lib/validation';
import { closeModal } from '../state/modals';
import { loadUser, session } from '../state/session';

type Key = 'first_name' | 'last_name' | 'phone_number' | 'birth_date';
type Values = Record<Key, string>;

const RULES: Record<Key, (v: string) => string | null> = {
  first_name: validateName,
  last_name: validateName,
  phone_number: (v) => validatePhone(v),
  birth_date: (v) => validateBirthDate(v),
};

export function SignUpSocialModal() {
  const { user } = useSnapshot(session);
  // Decided once when the modal opens: the fields stay put while the user types and saves.
  const [missing] = useState<Key[]>(() => {
    const u = session.user;
    if (!u) return [];
    const keys: Key[] = [];
    if (!u.first_name?.trim()) keys.push('first_name');
    if (!u.last_name?.trim()) keys.push('last_name');
    if (!u.phone_number?.trim()) keys.push('phone_number');
    if (!u.birth_date) keys.push('birth_date');
    return keys;
  });
  const [v, setV] = useState<Values>({ first_name: '', last_name: '', phone_number: '', birth_date: '' });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: Key) => (value: string) => {
    setV((prev) => ({ ...prev, [k]: k === 'birth_date' ? maskBirthDate(value) : value }));
    if (errors[k]) setErrors((prev) => ({ ...prev, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Key, string>> = {};
    for (const k of missing) {
      const m = RULES[k](v[k]);
      if (m) found[k] = m;
    }
    setErrors(found);
    setFormError('');
    const first = Object.keys(found)[0];
    if (first) {
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (!user) return;
    const body: Partial<Values> = {};
    for (const k of missing) body[k] = k === 'birth_date' ? birthDateToIso(v[k]) : v[k].trim();
    setBusy(true);
    try {
      await patch(`/api/users/${user.id}/`, body);
      await loadUser();
      closeModal();
    } catch (err) {
      const apiErr = err as ApiError;
      const mapped: Partial<Record<Key, string>> = {};
      for (const [k, m] of Object.entries(apiErr.fields ?? {})) if ((missing as string[]).includes(k)) mapped[k as Key] = m || MSG.serverField;
      setErrors(mapped);
      if (!Object.keys(mapped).length) setFormError(apiErr.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame title="Complete your profile" intro="A few details are missing from your account. We need them before you can bid.">
      <form onSubmit={submit} noValidate className="form">
        {missing.includes('first_name') && (
          <Field name="first_name" label="First name" autoComplete="given-name" value={v.first_name} onValue={set('first_name')} error={errors.first_name} maxLength={32} />
        )}
        {missing.includes('last_name') && (
          <Field name="last_name" label="Last name" autoComplete="family-name" value={v.last_name} onValue={set('last_name')} error={errors.last_name} maxLength={32} />
        )}
        {missing.includes('phone_number') && (
          <Field name="phone_number" label="Phone number" type="tel" autoComplete="tel" value={v.phone_number} onValue={set('phone_number')} error={errors.phone_number} maxLength={250} hint="UK numbers as 07… or +44…; others with the country code." />
        )}
        {missing.includes('birth_date') && (
          <Field name="birth_date" label="Date of birth" inputMode="numeric" placeholder="DD/MM/YYYY" value={v.birth_date} onValue={set('birth_date')} error={errors.birth_date} hint="You must be 18 or over to bid. It cannot be changed later." />
        )}
        <FormMessage error={formError} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Saving…' : 'Save details'}
        </button>
      </form>
    </ModalFrame>
  );
}
