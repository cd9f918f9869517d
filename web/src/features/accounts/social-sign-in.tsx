/**
 * The social sign-in block of the Sign in and Create account modals: a button for each provider the server has
 * configured (none, and no block, when it has none), then "or" above the email form. A token the provider gives is
 * exchanged with POST /api/social_auth/{provider}/; the server's refusal is shown as it says it.
 */
import { useCallback, useEffect, useState } from 'react';
import { FormMessage } from '../../components/field';
import { exchangeSocialToken, fetchSocialProviders, type SocialProvider, type SocialProviders } from './api';
import { finishSocialSignIn } from './finish';
import { FacebookButton } from './facebook-button';
import { GoogleButton } from './google-button';
import './social-sign-in.css';

const unavailable = (name: string) => `Sign-in with ${name} is not available right now. Please try again in a moment.`;

export function SocialSignIn() {
  const [providers, setProviders] = useState<SocialProviders | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    void fetchSocialProviders().then((answer) => {
      if (live) setProviders(answer);
    });
    return () => {
      live = false;
    };
  }, []);

  const submit = useCallback(async (provider: SocialProvider, token: string) => {
    setBusy(true);
    setError('');
    try {
      // Success closes the modal (and this block with it).
      await finishSocialSignIn(await exchangeSocialToken(provider, token));
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  }, []);
  const onGoogle = useCallback((token: string) => void submit('google', token), [submit]);
  const onFacebook = useCallback((token: string) => void submit('facebook', token), [submit]);
  const googleDown = useCallback(() => setError(unavailable('Google')), []);
  const facebookDown = useCallback(() => setError(unavailable('Facebook')), []);

  if (!providers?.google && !providers?.facebook) return null;
  return (
    <div className="social-sign-in" aria-busy={busy}>
      {providers.google && <GoogleButton config={providers.google} onToken={onGoogle} onUnavailable={googleDown} />}
      {providers.facebook && <FacebookButton config={providers.facebook} busy={busy} onToken={onFacebook} onUnavailable={facebookDown} />}
      {busy && <p className="social-sign-in__status" role="status">Signing in…</p>}
      <FormMessage error={error} />
      <p className="social-sign-in__or"><span>or with your email</span></p>
    </div>
  );
}
