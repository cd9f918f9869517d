/** /account/settings: profile, password (section=reset-password), notifications (section=notifications), addresses, payment cards (section=cards) and seller payment sections. */
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { setPassword } from '../api/auth';
import { patch, type ApiError } from '../api/http';
import { Checkbox, Field, FormMessage } from '../components/field';
import { PageHead, RequireAuth } from '../components/page-head';
import { AddressBook } from '../features/addresses/address-book';
import { SavedCardsSection } from '../features/payments/saved-cards-section';
import { PayoutMethodsSection } from '../features/withdrawal/payout-methods';
import { NotificationSettings } from '../features/notifications/notification-settings';
import { unwrap } from '../lib/normalize';
import type { User } from '../lib/types';
import { MSG, validateName, validatePassword, validatePasswordConfirm, validatePhone } from '../lib/validation';
import { logout, session } from '../state/session';
import { keepActiveInStrip } from '../components/active-in-strip';

const SECTIONS = [
  { key: 'profile', label: 'Profile' },
  { key: 'reset-password', label: 'Password' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'addresses', label: 'Addresses' },
  { key: 'cards', label: 'Payment cards' },
  { key: 'seller-payment', label: 'Seller payment' },
];

function Profile() {
  const { user } = useSnapshot(session);
  const [v, setV] = useState({ first_name: user?.first_name ?? '', last_name: user?.last_name ?? '', phone_number: user?.phone_number ?? '', promotional_email: !!user?.promotional_email });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    for (const k of ['first_name', 'last_name'] as const) {
      const m = validateName(v[k]);
      if (m) next[k] = m;
    }
    const p = validatePhone(v.phone_number);
    if (p) next.phone_number = p;
    setErrors(next);
    if (Object.keys(next).length || !user) return;
    try {
      session.user = { ...session.user!, ...unwrap<User>(await patch(`/api/users/${user.id}/`, v)) };
      setMsg({ ok: true, text: 'Your details have been saved.' });
    } catch (err) {
      setErrors((err as ApiError).fields ?? {});
      setMsg({ ok: false, text: (err as Error).message });
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="muted">Signed in as {user?.email}</p>
      <Field label="First name" value={v.first_name} onValue={(x) => setV({ ...v, first_name: x })} error={errors.first_name} />
      <Field label="Last name" value={v.last_name} onValue={(x) => setV({ ...v, last_name: x })} error={errors.last_name} />
      <Field label="Phone number" type="tel" value={v.phone_number} onValue={(x) => setV({ ...v, phone_number: x })} error={errors.phone_number} />
      <Checkbox label="Send me news of auctions and featured lots" checked={v.promotional_email} onChecked={(x) => setV({ ...v, promotional_email: x })} />
      <FormMessage error={msg && !msg.ok ? msg.text : null} success={msg?.ok ? msg.text : null} />
      <button type="submit" className="button button--primary">Save details</button>
    </form>
  );
}

function PasswordForm() {
  const [v, setV] = useState({ current: '', next: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!v.current) found.current = MSG.passwordRequired;
    const n = validatePassword(v.next);
    if (n) found.next = n;
    const c = validatePasswordConfirm(v.next, v.confirm);
    if (c) found.confirm = c;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await setPassword(v.current, v.next);
      await logout(); // a password change ends every session
    } catch (err) {
      const f = (err as ApiError).fields ?? {};
      setErrors({ current: f.current_password, next: f.new_password });
      if (!f.current_password && !f.new_password) setFormError((err as Error).message);
    }
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="muted">Changing your password signs you out everywhere.</p>
      <Field label="Current password" type="password" autoComplete="current-password" value={v.current} onValue={(x) => setV({ ...v, current: x })} error={errors.current} />
      <Field label="New password" type="password" autoComplete="new-password" value={v.next} onValue={(x) => setV({ ...v, next: x })} error={errors.next} />
      <Field label="Confirm new password" type="password" autoComplete="new-password" value={v.confirm} onValue={(x) => setV({ ...v, confirm: x })} error={errors.confirm} />
      <FormMessage error={formError} />
      <button type="submit" className="button button--primary">Change password</button>
    </form>
  );
}

export function SettingsPage() {
  const section = new URLSearchParams(useSearch()).get('section') ?? 'profile';
  return (
    <>
      <PageHead title="Settings" eyebrow="My account" />
      <RequireAuth what="your settings">
        <div className="container section settings">
          <nav aria-label="Settings sections" className="settings__nav">
            <ul ref={(el) => keepActiveInStrip(el)}>
              {SECTIONS.map((s) => (
                <li key={s.key}>
                  <Link href={`/account/settings${s.key === 'profile' ? '' : `?section=${s.key}`}`} aria-current={section === s.key ? 'page' : undefined}>{s.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="settings__body">
            {section === 'reset-password' ? <PasswordForm /> : section === 'notifications' ? <NotificationSettings /> : section === 'cards' ? <SavedCardsSection /> : section === 'addresses' ? <AddressBook /> : section === 'seller-payment' ? (
              <>
                <p>Seller proceeds are paid into your <Link href="/account/wallet">wallet</Link> when the buyer has paid, and can be withdrawn to a saved payout method.</p>
                <PayoutMethodsSection />
              </>
            ) : <Profile />}
          </div>
        </div>
      </RequireAuth>
    </>
  );
}
