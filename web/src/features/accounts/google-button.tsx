/**
 * "Continue with Google": Google Identity Services' own button (rendered by GSI into our box, as Google requires).
 * GSI is initialised once per page with the site's client id; its callback gets `{credential}`, the ID token the
 * server checks, and hands it to whichever button is on screen now.
 */
import { useEffect, useRef } from 'react';
import type { SocialProviders } from './api';
import { loadScript } from './load-script';

interface GsiId {
  initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: string; context?: string; itp_support?: boolean }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GsiId } };
  }
}

let initialisedFor: string | null = null;
let onCredential: ((token: string) => void) | null = null;

interface Props {
  config: NonNullable<SocialProviders['google']>;
  onToken(token: string): void;
  onUnavailable(): void;
}

export function GoogleButton({ config, onToken, onUnavailable }: Props) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    onCredential = onToken;
    return () => {
      if (onCredential === onToken) onCredential = null;
    };
  }, [onToken]);

  useEffect(() => {
    let live = true;
    loadScript(config.script_url).then(() => {
      const gsi = window.google?.accounts?.id;
      if (!gsi) throw new Error('Google Identity Services did not start');
      if (initialisedFor !== config.client_id) {
        gsi.initialize({
          client_id: config.client_id, ux_mode: 'popup', context: 'signin', itp_support: true,
          callback: (response) => {
            if (response.credential) onCredential?.(response.credential);
          },
        });
        initialisedFor = config.client_id;
      }
      if (!live || !box.current) return;
      // GSI takes a width in pixels (200 to 400): the modal's column, as far as that goes.
      const width = Math.round(Math.min(400, Math.max(200, box.current.clientWidth)));
      gsi.renderButton(box.current, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', shape: 'rectangular', logo_alignment: 'center', width });
    }).catch((error) => {
      console.warn(error);
      if (live) onUnavailable();
    });
    return () => {
      live = false;
    };
  }, [config.client_id, config.script_url, onUnavailable]);

  return <div ref={box} className="social-sign-in__google" />;
}
