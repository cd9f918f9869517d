/**
 * SellingSignUp: a seller who is not signed in registers in the same step as the request (user_data, the rules and
 * messages of the sign-up form). The server's user_data field errors come back onto these fields.
 */
import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../components/field';
import { ModalFrame } from '../../components/modal-frame';
import { RegistrationFields } from '../../components/registration-fields';
import { EMPTY_REGISTRATION, validateRegistration, type RegistrationErrors, type RegistrationValues } from '../../lib/registration';
import { openModal } from '../../state/modals';

interface Props {
  values: RegistrationValues;
  onValues: (v: RegistrationValues) => void;
  serverErrors: RegistrationErrors;
  formError: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}

export function SellingSignUpModal({ values: v, onValues, serverErrors, formError, busy, onSubmit, onClose }: Props) {
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const shown = { ...serverErrors, ...errors };
  const set = <K extends keyof RegistrationValues>(k: K, value: RegistrationValues[K]) => {
    onValues({ ...v, [k]: value });
    setErrors((p) => ({ ...p, [k]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegistration(v);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit();
  };
  return (
    <ModalFrame title="Your details" size="wide" onClose={onClose} intro="We open a seller account for you with this request, so you can follow your items and get paid.">
      <form onSubmit={submit} noValidate className="form form--grid" aria-label="Your details">
        {/* The terms as text: following a link would leave this modal and its request. */}
        <RegistrationFields values={v} errors={shown} onChange={set} vatLabel="I sell as a VAT-registered business" terms={{ links: false }} />
        <div className="span-all">
          <FormMessage error={formError} />
          <button type="submit" className="button button--primary button--block" disabled={busy}>{busy ? 'Sending…' : 'Create my account and send'}</button>
        </div>
      </form>
      <p className="modal__alt">
        Already registered? <button type="button" className="link-button" onClick={() => { onClose(); openModal('login'); }}>Sign in</button>
      </p>
    </ModalFrame>
  );
}

export const EMPTY_SIGN_UP = EMPTY_REGISTRATION;
