/**
 * ValuationForm: objects (title + photos) and, when signed out, the visitor's details (SellingSignUp), sent as one
 * multipart request (POST /api/valuation_requests/). A refusal shows the first element of the server's answer
 * (spec 2 section 8) and, for the sign-up fields, each message beside its field. Self-contained: the selling page
 * only places it.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { FormMessage } from '../../components/field';
import {
  EMPTY_REGISTRATION, registrationPayload, validateRegistration, type RegistrationErrors, type RegistrationValues,
} from '../../lib/registration';
import { session } from '../../state/session';
import { requestValuation, ValuationError, type Valuation } from '../../api/valuations';
import { ObjectEditor, objectErrors, type ObjectErrors } from './object-editor';
import { MAX_OBJECTS, objectsProblem, signUpFieldErrors, type DraftObject } from '../../lib/valuation-rules';
import { SellingSignUp } from './selling-sign-up';
import '../../components/valuation.css';

const SIGN_UP_FIELDS = Object.keys(EMPTY_REGISTRATION);

function buildForm(objects: DraftObject[], signUp: RegistrationValues | null): FormData {
  const form = new FormData();
  if (signUp) {
    const payload = registrationPayload(signUp);
    form.append('user_data', JSON.stringify({ ...payload, phone: payload.phone_number }));
  }
  objects.forEach((o, n) => {
    form.append(`objects[${n}][title]`, o.title.trim());
    o.photos.forEach((f, k) => { form.append(`objects[${n}][image${k + 1}]`, f, f.name); });
  });
  return form;
}

export function ValuationForm({ onSent }: { onSent?: (v: Valuation) => void }) {
  const { status } = useSnapshot(session);
  const signedIn = status === 'signed-in';
  const nextKey = useRef(1);
  const [objects, setObjects] = useState<DraftObject[]>([{ key: 0, title: '', photos: [] }]);
  const [signUp, setSignUp] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [signUpErrors, setSignUpErrors] = useState<RegistrationErrors>({});
  const [error, setError] = useState<string | null>(null);
  // Shown beside each object's fields once a send was refused; a field's message goes as soon as it is filled.
  const [fieldErrors, setFieldErrors] = useState<Record<number, ObjectErrors>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ valuation: Valuation; registered: boolean } | null>(null);

  const setObject = (i: number, next: DraftObject) => setObjects((list) => list.map((o, j) => (j === i ? next : o)));
  const addObject = () => setObjects((list) => [...list, { key: nextKey.current++, title: '', photos: [] }]);
  const removeObject = (i: number) => setObjects((list) => list.filter((_, j) => j !== i));
  const setField = <K extends keyof RegistrationValues>(k: K, value: RegistrationValues[K]) => {
    setSignUp((v) => ({ ...v, [k]: value }));
    if (signUpErrors[k]) setSignUpErrors((e) => ({ ...e, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const problem = objectsProblem(objects);
    setFieldErrors(Object.fromEntries(objects.map((o) => [o.key, objectErrors(o)])));
    const found = signedIn ? {} : validateRegistration(signUp);
    setSignUpErrors(found);
    if (problem || Object.keys(found).length) {
      setError(problem ?? 'Please check your details below.');
      return;
    }
    setBusy(true);
    try {
      const valuation = await requestValuation(buildForm(objects, signedIn ? null : signUp));
      setSent({ valuation, registered: !signedIn });
      onSent?.(valuation);
    } catch (err) {
      const ve = err instanceof ValuationError ? err : null;
      setError(ve?.message ?? 'Server Error');
      if (ve && !signedIn) setSignUpErrors(signUpFieldErrors(ve.data, SIGN_UP_FIELDS) as RegistrationErrors);
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <section className="panel valuation-sent" role="status">
        <h2>Thank you: request {sent.valuation.reference} received</h2>
        <p>Our specialists will look at your photos and email you their estimate.</p>
        {sent.registered
          ? <p>We have sent a verification link to your email. Open it to activate your account, then follow your request in your seller’s area.</p>
          : <p>You can follow it in your <Link href="/account/sellers-area" className="text-link">seller’s area</Link>.</p>}
      </section>
    );
  }

  return (
    <form className="form valuation-form" onSubmit={submit} noValidate aria-label="Valuation request">
      {objects.map((o, i) => (
        <ObjectEditor key={o.key} index={i} object={o} errors={fieldErrors[o.key]} onChange={(next) => setObject(i, next)} onRemove={objects.length > 1 ? () => removeObject(i) : undefined} />
      ))}
      {objects.length < MAX_OBJECTS && (
        <button type="button" className="button button--ghost" onClick={addObject}>Add another object</button>
      )}
      {status === 'anonymous' && <SellingSignUp values={signUp} errors={signUpErrors} onChange={setField} />}
      <FormMessage error={error} />
      <button type="submit" className="button button--primary button--block" disabled={busy || status === 'unknown'}>
        {busy ? 'Sending…' : 'Ask for a valuation'}
      </button>
    </form>
  );
}
