/** Sign in: email, password, remember me (POST /api/auth/login/), or a configured social provider (features/accounts). */
import { useState, type FormEvent } from 'react';
import { login } from '../api/auth';
import { Checkbox, Field, FormMessage } from '../components/field';
import { ModalFrame } from '../components/modal-frame';
import { SocialSignIn } from '../features/accounts/social-sign-in';
import { validateEmail, validateLoginPassword } from '../lib/validation';
import { closeModal, openModal } from '../state/modals';
import { signIn } from '../state/session';
import { pushToast } from '../state/toasts';

interface Props {
  expired?: boolean;
  reason?: string;
}

export function LoginModal({ expired, reason }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { email: validateEmail(email) ?? undefined, password: validateLoginPassword(password) ?? undefined };
    setErrors(next);
    setFormError('');
    if (next.email || next.password) return;
    setBusy(true);
    try {
      const user = await signIn(await login(email.trim(), password, remember), remember);
      closeModal();
      pushToast({ kind: 'success', title: user?.first_name ? `Welcome back, ${user.first_name}` : 'You are signed in' });
    } catch (err) {
      setFormError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const intro = expired ? 'Your session has expired. Please sign in again.' : reason;
  return (
    <ModalFrame title="Sign in" intro={intro}>
      <SocialSignIn />
      <form onSubmit={submit} noValidate className="form">
        <Field label="Email" type="email" autoComplete="email" value={email} onValue={setEmail} error={errors.email} />
        <Field label="Password" type="password" autoComplete="current-password" value={password} onValue={setPassword} error={errors.password} />
        <div className="form__row form__row--between">
          <Checkbox label="Remember me" checked={remember} onChecked={setRemember} />
          <button type="button" className="link-button" onClick={() => openModal('forgotPassword', { email })}>
            Forgot your password?
          </button>
        </div>
        <FormMessage error={formError} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="modal__alt">
        New to our auctions?{' '}
        <button type="button" className="link-button" onClick={() => openModal('signUp')}>Create an account</button>
      </p>
    </ModalFrame>
  );
}
