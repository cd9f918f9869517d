/**
 * SellingSignUp: a visitor's account details, asked inside the valuation form (spec 1 lists it among the modals; here
 * it is an inline step so the objects and the details go in one request). Same fields and rules as the sign-up form.
 */
import { RegistrationFields, type RegistrationChange } from '../../components/registration-fields';
import type { RegistrationErrors, RegistrationValues } from '../../lib/registration';
import { openModal } from '../../state/modals';

interface Props {
  values: RegistrationValues;
  errors: RegistrationErrors;
  onChange: RegistrationChange;
}

export function SellingSignUp({ values: v, errors, onChange }: Props) {
  return (
    <fieldset className="valuation-signup form--grid">
      <legend>Your details</legend>
      <p className="span-all field__hint">
        We create your account with this request, so you can follow it in your seller’s area. Already registered?{' '}
        <button type="button" className="link-button" onClick={() => openModal('login')}>Sign in</button>
      </p>
      <RegistrationFields values={v} errors={errors} onChange={onChange} terms={{ links: true }} />
    </fieldset>
  );
}
