/**
 * Adding or editing one address of the book: the checkout's address form (one form for both places), the default
 * choice, Save and Cancel. The checkout's rules check it first; the server's field errors (keyed by field) are then
 * shown next to their fields, anything else above the buttons.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http';
import { Checkbox, FormMessage } from '../../components/field';
import { AddressForm } from '../../components/address-form';
import { deliverable, emptyAddress, fromSaved, validateAddress, type AddressErrors } from '../../lib/address-rules';
import { offersDefaultChoice, saveBody } from './book-rules';
import {
  createAddress, updateAddress, type Address, type AddressKind, type Country, type SavedAddress,
} from '../../api/addresses';
import { flatFieldErrors } from '../../lib/error-text';

const DEFAULT_COUNTRY = 'united-kingdom';

interface Props {
  kind: AddressKind;
  userId: string;
  countries: readonly Country[];
  /** The address being edited; none: a new one. */
  editing: SavedAddress | null;
  onSaved: (saved: SavedAddress) => void;
  onCancel: () => void;
}

export function AddressEditor({ kind, userId, countries, editing, onSaved, onCancel }: Props) {
  const [form, setForm] = useState<Address>(() => (editing ? fromSaved(editing) : emptyAddress(DEFAULT_COUNTRY)));
  const [makeDefault, setMakeDefault] = useState(editing ? editing.is_default : false);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLFormElement>(null);

  useEffect(() => ref.current?.querySelector<HTMLElement>('select, input')?.focus(), []);
  const focusFirstError = () => requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const country = countries.find((c) => c.slug === form.country);
    const found = validateAddress(form, country?.code);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return focusFirstError();
    // A shipping country we do not deliver to: the form's country field already says why.
    if (kind === 'shipping' && country && !deliverable(country)) return focusFirstError();
    setSaving(true);
    try {
      const body = saveBody(form, kind, userId, makeDefault);
      onSaved(editing ? await updateAddress(editing.id, body) : await createAddress(body));
    } catch (err) {
      const fields = flatFieldErrors(err instanceof ApiError ? err.data : null) as AddressErrors;
      if (Object.keys(fields).length) {
        setErrors(fields);
        focusFirstError();
      } else setFormError((err as Error).message || 'Server error');
    } finally {
      setSaving(false);
    }
  };

  const noun = kind === 'billing' ? 'billing address' : 'shipping address';
  return (
    <form ref={ref} className="address-editor" onSubmit={save} noValidate aria-label={editing ? `Edit ${noun}` : `New ${noun}`}>
      <h3 className="address-editor__title">{editing ? `Edit ${noun}` : `New ${noun}`}</h3>
      <AddressForm
        kind={kind} value={form} errors={errors} countries={countries} disabled={saving}
        onChange={(update, field) => {
          setForm(update);
          if (errors[field]) setErrors((x) => ({ ...x, [field]: undefined }));
        }}
      />
      {offersDefaultChoice(kind, editing) ? (
        <Checkbox label={`Use as my default ${noun}`} checked={makeDefault} onChecked={setMakeDefault} />
      ) : !editing ? (
        <p className="muted address-editor__note">A new billing address becomes your default billing address.</p>
      ) : null}
      <FormMessage error={formError} />
      <div className="address-editor__actions">
        <button type="submit" className="button button--primary" disabled={saving}>{saving ? 'Saving…' : 'Save address'}</button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={saving}>Cancel</button>
      </div>
    </form>
  );
}
