/**
 * The buyer's personal information sent with the order (spec 1 section 3): filled from the account, shown as one
 * line, and editable for this order. The email is what the price check needs to know the buyer by.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Field } from '../../components/field';
import { checkout } from './checkout-store';
import type { PersonalInformation } from './types';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ContactDetails() {
  const snap = useSnapshot(checkout);
  const p = snap.draft.personal_information;
  const missing = !p.email.trim() || !p.first_name.trim() || !p.last_name.trim();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(p.email);
  const editing = open || missing;
  const set = (field: keyof PersonalInformation) => (v: string) => {
    checkout.draft.personal_information[field] = v;
  };
  const emailError = email && !EMAIL_RE.test(email.trim()) ? 'Invalid email address' : null;

  if (!editing) {
    return (
      <div className="checkout-contact">
        <p className="checkout-contact__line">
          <span className="checkout-contact__name">{[p.first_name, p.last_name].join(' ').trim()}</span>
          <span>{p.email}</span>
          {p.phone_number && <span>{p.phone_number}</span>}
        </p>
        <button type="button" className="link-button" onClick={() => { setEmail(p.email); setOpen(true); }}>Change contact details</button>
      </div>
    );
  }
  return (
    <div className="form form--grid checkout-contact-form">
      <Field label="First name" value={p.first_name} onValue={set('first_name')} autoComplete="given-name" />
      <Field label="Last name" value={p.last_name} onValue={set('last_name')} autoComplete="family-name" />
      {/* The email is priced on: it is committed when the field is left, not on every key. */}
      <Field
        label="Email" type="email" value={email} onValue={setEmail} error={emailError} autoComplete="email"
        onBlur={() => { if (!emailError) checkout.draft.personal_information.email = email.trim(); }}
      />
      <Field label="Phone" type="tel" value={p.phone_number} onValue={set('phone_number')} autoComplete="tel" />
      <Field label="Additional phone (optional)" type="tel" value={p.additional_phone_number} onValue={set('additional_phone_number')} />
      {open && !missing && <div className="span-all"><button type="button" className="link-button" onClick={() => setOpen(false)}>Done</button></div>}
    </div>
  );
}
