/**
 * The one 3-D Secure popup flow every card payment screen uses (registration fee, adding a card, placing an order).
 * The payment window has to be opened in the click itself (`open`, before the awaited call: opened after it, the
 * browser blocks it); the server's answer then either needs no check (`close`) or is payment HTML (`run`): submitted
 * into the window, or into this one when popups are blocked (the page leaves, nothing to watch). While the window
 * holds the check, `onChallenge` fires and the window is watched: closed before the check returned, `onAbandoned`
 * fires. `cancel` gives up on the check, `show` brings its window to the front. The screens keep their own phases
 * and texts; the helpers underneath are in api/payment.ts.
 */
import { useEffect, useMemo, useRef } from 'react';
import { closePaymentWindow, continueCardCheck, openPaymentWindow } from '../api/payment';

interface CardCheckEvents {
  /** The check is under way in the payment window. */
  onChallenge: () => void;
  /** The payment window was closed before the check returned. */
  onAbandoned: () => void;
}

interface CardCheck {
  /**
   * Opens the payment window with a waiting note: call it synchronously in the click or submit handler. With
   * `needed` false (a payment that cannot ask for a check) no window is opened and an earlier one is forgotten.
   */
  open: (needed?: boolean) => void;
  /** No check after all (paid, saved or refused): the waiting window goes. */
  close: () => void;
  /** Continues with the payment HTML the server answered. */
  run: (html: string) => void;
  /** Stops watching the window (its check came back). */
  stop: () => void;
  /** The person gives up on the check: stop watching and close its window. */
  cancel: () => void;
  /** Brings the check's window to the front again. */
  show: () => void;
}

export function useCardCheck(events: CardCheckEvents): CardCheck {
  const popup = useRef<Window | null>(null);
  const stopWatching = useRef<() => void>(() => {});
  // The latest handlers: the check outlives the render that started it.
  const latest = useRef(events);
  latest.current = events;

  useEffect(() => () => stopWatching.current(), []);

  return useMemo<CardCheck>(() => {
    const stop = () => {
      stopWatching.current();
      stopWatching.current = () => {};
    };
    return {
      open: (needed = true) => {
        popup.current = needed ? openPaymentWindow() : null;
      },
      close: () => closePaymentWindow(popup.current),
      run: (html) => {
        stop();
        stopWatching.current = continueCardCheck(html, popup.current, () => latest.current.onChallenge(), () => latest.current.onAbandoned());
      },
      stop,
      cancel: () => {
        stop();
        closePaymentWindow(popup.current);
      },
      show: () => popup.current?.focus(),
    };
  }, []);
}
