/**
 * Card payments that need 3-D Secure answer payment HTML: a form that continues to the provider's challenge page.
 * It is inserted and its form submitted, into the payment popup when one is open (spec 1 section 4: "adding a card
 * opens a popup window for redirect"), else in this window.
 *
 * The popup has to be opened in the click itself (a popup opened after an awaited call is blocked), so the form
 * opens it on submit, before it knows whether the bank wants a check, shows a short "contacting your bank" note in
 * it, and closes it again when the payment needs no challenge or is refused. A blocked popup means the challenge
 * runs in this window. After the challenge the provider sends the popup to `{page}?registration_fee=true|false...`;
 * that page hands its query to this window (postMessage, same origin only) and closes (state/shell-query.ts).
 */
const PAYMENT_WINDOW = 'card-payment';
/** The message the return page inside the popup posts to this window. */
const PAYMENT_RETURN_MESSAGE = 'card-payment-return';
const MESSAGE_TYPE = PAYMENT_RETURN_MESSAGE;

let onPaymentReturn: (search: string) => void = () => {};
/** What this window does with a return query handed over by the popup (the shell's query handling). */
export const setPaymentReturnHandler = (fn: (search: string) => void): void => {
  onPaymentReturn = fn;
};

const isReturnMessage = (e: MessageEvent): e is MessageEvent<{ type: string; search: string }> =>
  e.origin === location.origin && (e.data as { type?: unknown })?.type === MESSAGE_TYPE && typeof (e.data as { search?: unknown }).search === 'string';

/** The return query a message from the payment popup hands over, or null for any other message. */
export const paymentReturnSearch = (e: MessageEvent): string | null => (isReturnMessage(e) ? e.data.search : null);

let listening = false;
// One listener for the page's lifetime: the result counts even if the form that opened the popup has closed since.
function listenForReturns(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('message', (e) => {
    if (isReturnMessage(e)) onPaymentReturn(e.data.search);
  });
}

/** Opens (or reuses) the payment popup with a waiting note. Call it synchronously in a click or submit handler. */
export function openPaymentWindow(): Window | null {
  listenForReturns();
  const w = Math.min(520, screen.availWidth);
  const h = Math.min(700, screen.availHeight);
  const left = Math.max(0, Math.round((screen.availWidth - w) / 2));
  const top = Math.max(0, Math.round((screen.availHeight - h) / 3));
  let popup: Window | null = null;
  try {
    popup = window.open('', PAYMENT_WINDOW, `popup,width=${w},height=${h},left=${left},top=${top}`);
  } catch {
    popup = null;
  }
  if (!popup) return null;
  try {
    const doc = popup.document;
    doc.title = 'Card check';
    // Built through the DOM: the blank popup inherits the page's CSP, which refuses style="" attributes in HTML.
    const note = doc.createElement('p');
    note.textContent = 'Contacting your bank…';
    note.style.cssText = 'font:16px system-ui,sans-serif;margin:3rem 1.5rem;text-align:center;color:#3d382f';
    doc.body.replaceChildren(note);
  } catch {
    /* not ours to write into (a leftover window on another page): it is navigated by the form anyway */
  }
  return popup;
}

export const closePaymentWindow = (popup: Window | null) => {
  if (popup && !popup.closed) popup.close();
};

/** Inserts the payment HTML and submits its form, into `popup` when it is still open. */
function submitPaymentHtml(html: string, popup: Window | null = null): 'popup' | 'same-window' {
  const into = popup && !popup.closed ? popup : null;
  document.querySelector('[data-payment-html]')?.remove();
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.dataset.paymentHtml = '';
  holder.innerHTML = html; // scripts in it do not run: the form is submitted here
  const form = holder.querySelector('form');
  if (form) {
    form.target = into ? PAYMENT_WINDOW : '_self';
    document.body.append(holder);
    form.submit();
    return into ? 'popup' : 'same-window';
  }
  // No form: the page itself continues (e.g. a script redirect).
  const doc = (into ?? window).document;
  doc.open();
  doc.write(html);
  doc.close();
  return into ? 'popup' : 'same-window';
}

/**
 * Calls `onClosed` when the person closes the popup before the check finishes (a popup that returned closes
 * itself after its message, which the shell handles). Returns a function that stops watching.
 */
function watchPaymentWindow(popup: Window, onClosed: () => void): () => void {
  let done = false;
  const stop = () => {
    done = true;
    window.removeEventListener('message', onMessage);
    clearInterval(poll);
  };
  const onMessage = (e: MessageEvent) => {
    if (isReturnMessage(e)) stop();
  };
  window.addEventListener('message', onMessage);
  // A closed popup may still have a message on its way: give it a moment before calling it abandoned.
  const poll = setInterval(() => {
    if (done || !popup.closed) return;
    clearInterval(poll);
    setTimeout(() => {
      if (done) return;
      stop();
      onClosed();
    }, 500);
  }, 400);
  return stop;
}

/**
 * Continues a card check the server answered with payment HTML: submits it into the popup (or this window) and, when
 * a popup holds the check, calls `waiting` and watches it, calling `abandoned` if it is closed before the check
 * returns. Answers the watch's stop function (nothing to stop when this page itself is leaving for the check).
 */
export function continueCardCheck(html: string, popup: Window | null, waiting: () => void, abandoned: () => void): () => void {
  if (submitPaymentHtml(html, popup) === 'same-window') return () => {};
  waiting();
  return watchPaymentWindow(popup!, abandoned);
}

/**
 * In the popup, on the return page: passes the query to the window that opened it and closes. False when this is
 * not a payment popup (or its opener is gone or on another site), so the page handles the query itself.
 */
export function handOverToOpener(search: string): boolean {
  if (window.name !== PAYMENT_WINDOW) return false;
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  try {
    if (opener.location.origin !== location.origin) return false;
  } catch {
    return false; // another site's window: reading its location throws
  }
  opener.postMessage({ type: MESSAGE_TYPE, search }, location.origin);
  window.close();
  return true;
}
