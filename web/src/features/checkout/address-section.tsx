/**
 * Billing or shipping address with the modes view, edit, add-new, save and cancel (spec 1 section 2): the saved
 * addresses of the account to choose from (GET /api/users/{id}/{kind}_addresses/), editing one or adding one, and on
 * save the question "Save in account" (Yes: POST or PATCH /api/addresses/; No: this order only). Shipping also has
 * "Same as billing address", which copies the billing address into shipping.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../api/http';
import { Checkbox } from '../../components/field';
import { ErrorNote, Spinner } from '../../components/feedback';
import {
  addressBody, addressLines, deliverable, emptyAddress, fromSaved, NON_DELIVERABLE, preferredAddress, sameAddress,
  validateAddress, type AddressErrors, NO_SHIPPING,
} from '../../lib/address-rules';
import { AddressForm } from '../../components/address-form';
import { checkout } from './checkout-store';
import { SaveInAccountDialog } from './dialogs';
import { within } from './summary-rules';
import {
  createAddress, fetchAddresses, updateAddress, type Address, type AddressKind, type Country, type SavedAddress,
} from '../../api/addresses';
import { flatFieldErrors } from '../../lib/error-text';

type Mode = 'view' | 'edit' | 'add-new';
const DEFAULT_COUNTRY = 'united-kingdom';

interface Props {
  kind: AddressKind;
  userId: string;
  countries: readonly Country[];
}

const key = (kind: AddressKind) => (kind === 'billing' ? 'billing_address' : 'shipping_address') as 'billing_address' | 'shipping_address';

function AddressCard({ address, countries, tag }: { address: Address; countries: readonly Country[]; tag?: string }) {
  const name = countries.find((c) => c.slug === address.country)?.name;
  return (
    <span className="checkout-address">
      {/* biome-ignore lint/suspicious/noArrayIndexKey: lines of one address, rendered whole, never reordered */}
      {addressLines(address, name).map((line, i) => <span key={i} className="checkout-address__line">{line}</span>)}
      {tag && <span className="tag checkout-address__tag">{tag}</span>}
    </span>
  );
}

export function AddressSection({ kind, userId, countries }: Props) {
  const snap = useSnapshot(checkout);
  const current = snap.draft[key(kind)] as Address | null;
  const sameAsBilling = kind === 'shipping' && snap.draft.shipping_same_as_billing;
  const [list, setList] = useState<SavedAddress[] | null>(null);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const [mode, setMode] = useState<Mode>('view');
  const [form, setForm] = useState<Address>(emptyAddress(DEFAULT_COUNTRY));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [nonce, setNonce] = useState(0);
  const formRef = useRef<HTMLDivElement>(null);
  const radioName = useId();

  const setDraft = (a: Address | null) => {
    checkout.draft[key(kind)] = a ? { ...a } : null;
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce is the reload trigger
  useEffect(() => {
    const ctrl = new AbortController();
    setLoadError(null);
    fetchAddresses(userId, kind, ctrl.signal).then(setList, (e: Error) => !ctrl.signal.aborted && setLoadError(e));
    return () => ctrl.abort();
  }, [userId, kind, nonce]);

  // No address in the draft yet (or a change of service cleared it): the account's preferred one, else a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the draft when the list or the view changes; kind is fixed per section, the helpers are new every render
  useEffect(() => {
    if (!list || current || mode !== 'view' || sameAsBilling) return;
    const preferred = preferredAddress(list, kind);
    if (preferred) setDraft(fromSaved(preferred));
    else startAdding(false);
  }, [list, current, mode, sameAsBilling]);

  // "Same as billing address": shipping follows billing (a copy: the billing address's id is not a shipping one).
  const billing = snap.draft.billing_address as Address | null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows billing only when it or the checkbox changes; setDraft is new every render
  useEffect(() => {
    if (!sameAsBilling) return;
    const copy = billing ? { ...billing, id: undefined } : null;
    if (!sameAddress(copy, checkout.draft.shipping_address) || checkout.draft.shipping_address?.type_delivery !== copy?.type_delivery) setDraft(copy);
  }, [sameAsBilling, billing]);

  // The form takes the focus when the buyer opened it; one opened for them (no saved address yet) must not scroll the
  // page to it: /checkout opens at its top.
  const focusForm = useRef(false);
  useEffect(() => {
    if (mode !== 'view' && focusForm.current) formRef.current?.querySelector<HTMLElement>('select, input')?.focus();
    focusForm.current = false;
  }, [mode]);

  function startAdding(byBuyer = true) {
    focusForm.current = byBuyer;
    setForm(emptyAddress(countries.some((c) => c.slug === DEFAULT_COUNTRY) || !countries.length ? DEFAULT_COUNTRY : ''));
    setErrors({});
    setMode('add-new');
  }

  const startEditing = () => {
    if (!current) return startAdding();
    focusForm.current = true;
    setForm({ ...emptyAddress(), ...current });
    setErrors({});
    setMode('edit');
  };

  const cancel = () => {
    setErrors({});
    setMode('view');
  };

  const countryOf = (slug: string) => countries.find((c) => c.slug === slug);

  const save = () => {
    const found = validateAddress(form, countryOf(form.country)?.code);
    setErrors(found);
    if (Object.keys(found).length) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (kind === 'shipping' && (form.type_delivery === NON_DELIVERABLE || !deliverable(countryOf(form.country) ?? { delivery: form.type_delivery }))) {
      formRef.current?.querySelector<HTMLElement>('select')?.focus(); // the country says why
      return;
    }
    setSaveError(null);
    setConfirming(true);
  };

  const saveInAccount = async () => {
    setSaving(true);
    setSaveError(null);
    try {
      const body = addressBody(form, kind, userId);
      const saved = mode === 'edit' && form.id ? await updateAddress(form.id, body) : await createAddress(body);
      setDraft({ ...fromSaved(saved), type_delivery: saved.type_delivery || form.type_delivery });
      setList((l) => [...(l ?? []).filter((a) => a.id !== saved.id), saved]);
      setNonce((n) => n + 1); // the defaults may have moved: read the list again
      setConfirming(false);
      setMode('view');
    } catch (e) {
      const fields = flatFieldErrors(e instanceof ApiError ? e.data : null) as AddressErrors;
      if (Object.keys(fields).length) {
        setErrors(fields);
        setConfirming(false);
      } else setSaveError((e as Error).message || 'Server error');
    } finally {
      setSaving(false);
    }
  };

  const keepForThisOrder = () => {
    const unchanged = mode === 'edit' && sameAddress(form, current);
    setDraft({ ...form, id: unchanged ? form.id : undefined });
    setConfirming(false);
    setMode('view');
  };

  const orderErrors = within(snap.orderFields as Record<string, string>, key(kind));
  const notDeliverable = kind === 'shipping' && !!current && (current.type_delivery === NON_DELIVERABLE || (countryOf(current.country) ? !deliverable(countryOf(current.country)) : false));

  return (
    <div className="checkout-address-section">
      {kind === 'shipping' && (
        <Checkbox
          label="Same as billing address" name="shipping_same_as_billing" checked={sameAsBilling}
          onChecked={(on) => {
            checkout.draft.shipping_same_as_billing = on;
            if (!on) setDraft(null);
            setMode('view');
          }}
        />
      )}
      {sameAsBilling ? (
        billing ? <div className="checkout-address-choice is-single"><AddressCard address={billing} countries={countries} /></div> : <p className="checkout-muted">Add the billing address first.</p>
      ) : mode !== 'view' ? (
        <div ref={formRef} className="checkout-address-edit">
          <h3 className="checkout-subtitle">{mode === 'edit' ? 'Edit address' : 'New address'}</h3>
          <AddressForm kind={kind} value={form} errors={errors} countries={countries} onChange={(update, field) => {
            setForm(update);
            if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
          }} disabled={saving} />
          <div className="checkout-actions">
            <button type="button" className="button button--primary" onClick={save} disabled={saving}>Save</button>
            {(current || (list && list.length > 0)) && <button type="button" className="button button--ghost" onClick={cancel} disabled={saving}>Cancel</button>}
          </div>
        </div>
      ) : loadError && !current ? (
        <ErrorNote error={loadError} onRetry={() => setNonce((n) => n + 1)} />
      ) : !list && !current ? (
        <Spinner label="Loading your addresses" />
      ) : (
        <>
          <fieldset className="checkout-address-choice">
            <legend className="visually-hidden">{kind === 'billing' ? 'Billing address' : 'Shipping address'}</legend>
            {(list ?? []).map((a) => (
              <label key={a.id} className="checkout-option checkout-option--address">
                <input type="radio" name={radioName} value={a.id} checked={current?.id === a.id} onChange={() => setDraft(fromSaved(a))} />
                <AddressCard address={current?.id === a.id ? current : fromSaved(a)} countries={countries} tag={a.is_default ? 'Default' : undefined} />
              </label>
            ))}
            {current && !current.id && (
              <label className="checkout-option checkout-option--address">
                <input type="radio" name={radioName} value="" checked onChange={() => {}} />
                <AddressCard address={current} countries={countries} tag="This order only" />
              </label>
            )}
          </fieldset>
          <div className="checkout-actions">
            {current && <button type="button" className="button button--ghost button--small" onClick={startEditing}>Edit</button>}
            <button type="button" className="button button--ghost button--small" onClick={() => startAdding()}>Add new address</button>
          </div>
        </>
      )}
      {notDeliverable && <p className="form-error checkout-address__error" role="alert">{NO_SHIPPING}</p>}
      {mode === 'view' && Object.entries(orderErrors).map(([f, m]) => (
        <p key={f} className="field-error">{`${f.replace(/_/g, ' ')}: ${m}`}</p>
      ))}
      {confirming && <SaveInAccountDialog onYes={saveInAccount} onNo={keepForThisOrder} busy={saving} error={saveError} />}
    </div>
  );
}
