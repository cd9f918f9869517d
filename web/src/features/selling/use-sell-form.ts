/**
 * The sell request form's state and its sending: every part checked in the browser first (the same messages as the
 * server), then, for a visitor, the SellingSignUp step; the server's field errors land on their fields (items,
 * courier, address, payout, sign-up) and anything else opens "Error occurred".
 */
import { useState } from 'react';
import { ApiError } from '../../api/http';
import { registrationPayload, type RegistrationErrors, type RegistrationValues } from '../../lib/registration';
import { MSG } from '../../lib/validation';
import { serverNow } from '../../state/clock';
import { validateAddress, type AddressErrors } from '../../lib/address-rules';
import {
  emptyPayoutForm, payoutBody, validatePayoutForm, type PayoutErrors, type PayoutForm,
} from '../../lib/payout-validation';
import { submitNewItems } from './api';
import { emptyDraft, sellBody, splitServerErrors, validateDraft, type Errors, type SellDraft } from './rules';
import { EMPTY_SIGN_UP } from './sign-up-step';
import type { SummaryData } from './summary-modal';
import type { Address, Country } from '../../api/addresses';

export function useSellForm(signedIn: boolean, showError: (e: unknown) => void) {
  const [draft, setDraft] = useState<SellDraft>(emptyDraft);
  const [errors, setErrors] = useState<Errors>({});
  const [address, setAddress] = useState<Address>({ country: 'united-kingdom', region: '', city: '', street: '', apartment: '', zip_code: '', type_delivery: '' });
  const [addressErrors, setAddressErrors] = useState<AddressErrors>({});
  const [payoutForm, setPayoutForm] = useState<PayoutForm>(() => emptyPayoutForm());
  const [payoutErrors, setPayoutErrors] = useState<PayoutErrors>({});
  const [signUp, setSignUp] = useState<RegistrationValues>(EMPTY_SIGN_UP);
  const [signUpOpen, setSignUpOpen] = useState(false);
  const [signUpErrors, setSignUpErrors] = useState<RegistrationErrors>({});
  const [signUpFormError, setSignUpFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<SummaryData | null>(null);

  const set = (patch: Partial<SellDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k];
      if ('payout' in patch) delete next.payment_id;
      if ('items' in patch) for (const k of Object.keys(next)) if (k.startsWith('items')) delete next[k];
      return next;
    });
  };
  const setPayout = (patch: Partial<PayoutForm>) => {
    setPayoutForm((f) => ({ ...f, ...patch }));
    setPayoutErrors({});
  };

  const send = async (userData: Record<string, unknown> | null) => {
    // The country goes as its slug ("united-kingdom"), as the address rules on the server take it.
    const sellAddress = {
      apartment: address.apartment.trim(), country: address.country, region: address.region.trim(), city: address.city.trim(),
      zip_code: address.zip_code.trim(), street: address.street.trim(),
    };
    setBusy(true);
    try {
      const answer = await submitNewItems(sellBody(draft, sellAddress, draft.payout === 'new' ? payoutBody(payoutForm) : null, userData));
      setSignUpOpen(false);
      setSummary({
        answer, way: draft.way, items: draft.items.map((i) => ({ title: i.title.trim(), quantity: Number(i.quantity) })),
        pickUpDate: draft.way === 'courier_collection' ? draft.pick_up_date : null,
        boxes: draft.way === 'courier_collection' ? Number(draft.boxes) : null, signedUp: !!userData,
      });
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields : {};
      if (Object.keys(fields).length === 0) {
        if (signUpOpen) setSignUpFormError(e instanceof Error ? e.message : 'Server Error');
        else showError(e);
        return;
      }
      const parts = splitServerErrors(fields);
      setErrors(parts.form);
      setAddressErrors(parts.address as AddressErrors);
      setPayoutErrors(parts.payment_data as PayoutErrors);
      const user = parts.user_data as RegistrationErrors;
      if (signUpOpen && Object.keys(user).length) {
        setSignUpErrors(Object.fromEntries(Object.entries(user).map(([k, m]) => [k, m || MSG.serverField])));
      } else {
        setSignUpOpen(false);
        if (parts.form.user_data) showError(new Error(parts.form.user_data));
      }
    } finally {
      setBusy(false);
    }
  };

  /** Checks everything; for a visitor opens the sign-up step, else sends. Answers whether anything was wrong. */
  const submit = async (countries: readonly Country[]): Promise<boolean> => {
    const country = countries.find((c) => c.slug === address.country);
    // The house's clock, as the server checks the pick-up date with it.
    const found = validateDraft(draft, new Date(serverNow()));
    const foundAddress = validateAddress(address, country?.code);
    const foundPayout = draft.payout === 'new' ? validatePayoutForm(payoutForm) : {};
    setErrors(found);
    setAddressErrors(foundAddress);
    setPayoutErrors(foundPayout);
    if (Object.keys(found).length || Object.keys(foundAddress).length || Object.keys(foundPayout).length) return false;
    if (!signedIn) {
      setSignUpErrors({});
      setSignUpFormError('');
      setSignUpOpen(true);
      return true;
    }
    await send(null);
    return true;
  };

  const sendWithSignUp = () => {
    setSignUpErrors({});
    setSignUpFormError('');
    const payload = registrationPayload(signUp);
    // The contract calls the phone `phone`; the sign-up rules call it phone_number: both are sent.
    return send({ ...payload, phone: payload.phone_number });
  };

  return {
    draft, setDraft, set, errors, address, setAddress, addressErrors, setAddressErrors, payoutForm, setPayout, payoutErrors,
    signUp, setSignUp, signUpOpen, setSignUpOpen, signUpErrors, signUpFormError, busy, summary, submit, sendWithSignUp,
  };
}
