/**
 * The fake provider scripts the browser tests load in place of Google Identity Services and the Facebook SDK. They
 * offer the calls the client uses, with the real ones' shapes: `google.accounts.id.initialize({client_id, callback})`
 * and `renderButton(parent, options)` (a real button, which gets an ID token from the fake and hands it to the
 * callback as `{credential}`), `FB.init({appId, version})` and `FB.login(callback, {scope})` (`{status,
 * authResponse: {accessToken}}`). Like the real GSI they load a stylesheet from beside the script, and both call their
 * own origin, so the page's CSP allowances for the providers are exercised.
 */

export function fakeGsiClient(base: string): string {
  return `(() => {
  const base = ${JSON.stringify(base)};
  let settings = null;
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = base + '/gsi/style';
  document.head.appendChild(style);
  const id = {
    initialize(options) {
      if (!options || !options.client_id || typeof options.callback !== 'function') throw new Error('GSI: client_id and callback are required');
      settings = options;
    },
    renderButton(parent, options) {
      if (!settings) throw new Error('GSI: initialize first');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'fake-gsi-button';
      button.textContent = (options && options.text === 'signup_with') ? 'Sign up with Google' : 'Continue with Google';
      button.addEventListener('click', async () => {
        const answer = await (await fetch(base + '/gsi/token?client_id=' + encodeURIComponent(settings.client_id))).json();
        if (answer.credential) settings.callback({ credential: answer.credential, select_by: 'btn', clientId: settings.client_id });
      });
      parent.replaceChildren(button);
    },
    prompt() {}, cancel() {}, disableAutoSelect() {},
  };
  window.google = { accounts: { id } };
})();
`;
}

export const FAKE_GSI_STYLE = '.fake-gsi-button { font: inherit; min-height: 40px; width: 100%; }\n';

export function fakeFacebookSdk(base: string): string {
  return `(() => {
  const base = ${JSON.stringify(base)};
  let settings = null;
  window.FB = {
    init(options) {
      if (!options || !options.appId || !/^v\\d+\\.\\d+$/.test(options.version || '')) throw new Error('FB.init: appId and version are required');
      settings = options;
    },
    login(callback, options) {
      if (!settings) throw new Error('FB.login called before FB.init()');
      const query = new URLSearchParams({ app_id: settings.appId, version: settings.version, scope: (options && options.scope) || '' });
      fetch(base + '/fb/token?' + query).then((res) => res.json()).then((answer) => {
        callback(answer.accessToken
          ? { status: 'connected', authResponse: { accessToken: answer.accessToken, userID: answer.userID, expiresIn: 3600 } }
          : { status: answer.status, authResponse: null });
      });
    },
    getLoginStatus(callback) { callback({ status: 'unknown', authResponse: null }); },
  };
  if (typeof window.fbAsyncInit === 'function') window.fbAsyncInit();
})();
`;
}
