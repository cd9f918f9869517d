/**
 * "Continue with Facebook": the Facebook JavaScript SDK is loaded and initialised (FB.init with the app id and the
 * Graph API version) when the button appears, so that FB.login runs straight from the click (a popup opened later
 * would be blocked). Its `authResponse.accessToken` is the user token the server checks.
 */
import { useEffect, useState } from 'react';
import { FacebookIcon } from '../../components/icons';
import type { SocialProviders } from './api';
import { loadScript } from './load-script';

interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: { status?: string; authResponse?: { accessToken?: string } | null }) => void, options?: { scope: string }): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
  }
}

let initialisedFor: string | null = null;

interface Props {
  config: NonNullable<SocialProviders['facebook']>;
  busy: boolean;
  onToken(token: string): void;
  onUnavailable(): void;
}

export function FacebookButton({ config, busy, onToken, onUnavailable }: Props) {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let live = true;
    loadScript(config.sdk_url).then(() => {
      const fb = window.FB;
      if (!fb) throw new Error('The Facebook SDK did not start');
      if (initialisedFor !== config.app_id) {
        fb.init({ appId: config.app_id, version: config.version, cookie: false, xfbml: false });
        initialisedFor = config.app_id;
      }
      if (live) setReady(true);
    }).catch((error) => {
      console.warn(error);
      if (live) onUnavailable();
    });
    return () => {
      live = false;
    };
  }, [config.app_id, config.sdk_url, config.version, onUnavailable]);

  // The SDK wants a plain function as the callback (not an async one).
  const login = () => window.FB?.login((response) => {
    const token = response.authResponse?.accessToken;
    if (token) onToken(token);
  }, { scope: 'email' });

  return (
    <button type="button" className="button button--block social-button social-button--facebook" disabled={!ready || busy} onClick={login}>
      <FacebookIcon />
      <span>Continue with Facebook</span>
    </button>
  );
}
