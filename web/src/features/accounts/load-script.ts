/**
 * Loads a provider's script once per page (a <script src> element: the CSP allows exactly the configured provider
 * scripts, services/accounts/social/client-settings.ts). A failed load may be tried again by the next caller.
 */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  let done = loading.get(src);
  if (!done) {
    done = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => resolve());
      script.addEventListener('error', () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      });
      document.head.appendChild(script);
    });
    loading.set(src, done);
  }
  return done;
}
