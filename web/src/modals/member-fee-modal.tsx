/**
 * The one-off £5 registration fee asked for before a first bid (also opened after email verification, when a bid is
 * refused for it, and again with the error after a failed card check). Paid here by card, new or saved; a card the
 * bank wants to check goes through 3-D Secure in a popup (or this window when popups are blocked), and the return
 * shows AuthSuccess, then ConfirmBid for the waiting bid (state/shell-query.ts). The house can also take the fee by
 * bank transfer or at its office and confirm it on the account: "Check my fee status" reads it again.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Checkbox } from '../components/field';
import { ModalFrame } from '../components/modal-frame';
import { CardCheckNotice } from '../components/card-check-notice';
import { CardFields, useCardForm } from '../components/card-form';
import { SavedCardChoice } from '../components/saved-card-choice';
import { fetchCards, payRegistrationFee, type FeePayment, type SavedCard } from '../api/cards';
import { useCardCheck } from '../components/use-card-check';
import { mayPass, newIdempotencyKey } from '../api/http';
import { closeModal } from '../state/modals';
import { loadUser, session } from '../state/session';
import { showFeePaid } from '../state/shell-query';
import '../components/payments.css';

interface Props {
  afterVerify?: boolean;
  /** Why the modal opened: the server's refusal of a bid, or a failed card check. */
  error?: string;
  lotId?: number | string | null;
  bid?: string | null;
}

const FEE_NOT_YET = 'We have not confirmed your registration fee yet. We will as soon as we have received it.';
const POPUP_CLOSED = 'The card check window was closed before it finished. Nothing was charged: please try again.';
const FEE = '£5';
const NEW_CARD = 'new';

type Phase = 'form' | 'paying' | 'challenge';

export function MemberFeeModal({ afterVerify, error, lotId, bid }: Props) {
  const { user } = useSnapshot(session);
  const form = useCardForm();
  const [cards, setCards] = useState<SavedCard[]>([]);
  const [choice, setChoice] = useState(NEW_CARD);
  const [save, setSave] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [alert, setAlert] = useState(error ?? '');
  const [status, setStatus] = useState('');
  const check = useCardCheck({
    onChallenge: () => setPhase('challenge'),
    onAbandoned: () => {
      setPhase('form');
      setAlert(POPUP_CLOSED);
    },
  });
  // A saved card's attempt has its own key: it changes only when another card is chosen or the call answered.
  const savedKey = useRef<string | null>(null);
  const lot = lotId == null ? null : String(lotId);

  useEffect(() => {
    let live = true;
    fetchCards()
      .then((list) => {
        if (!live || !list.length) return;
        const chosen = String((list.find((c) => c.default) ?? list[0]).id);
        setCards(list);
        setChoice(chosen);
        // The new card fields that had the focus are gone: give it to the chosen card.
        requestAnimationFrame(() => {
          if (!document.activeElement || document.activeElement === document.body) {
            document.querySelector<HTMLInputElement>(`.card-choice input[value="${CSS.escape(chosen)}"]`)?.focus();
          }
        });
      })
      .catch(() => {}); // no saved cards to offer: the new card form stands
    return () => {
      live = false;
    };
  }, []);

  const paid = async () => {
    setPhase('form');
    await showFeePaid(lot, bid ?? null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phase !== 'form') return;
    setAlert('');
    setStatus('');
    const saved = choice !== NEW_CARD;
    if (!saved && !form.validate()) return;
    // Opened now, in the click: after the call the browser would block it.
    check.open();
    setPhase('paying');
    const payment: FeePayment = saved ? { card_id: choice } : { ...form.body(), ...(save ? { save_card: true } : {}) };
    if (saved) savedKey.current ??= newIdempotencyKey();
    const key = saved ? (savedKey.current as string) : form.attemptKey();
    try {
      const answer = await payRegistrationFee(payment, { lot, bid }, key);
      form.settled();
      savedKey.current = null;
      if ('result' in answer) {
        check.close();
        return await paid();
      }
      check.run(answer.html);
    } catch (err) {
      check.close();
      setPhase('form');
      // A failure that may pass keeps the key: the fee may have been charged, and the same key is answered with it.
      if (!mayPass(err)) savedKey.current = null;
      const text = saved ? ((err as { data?: { detail?: string } }).data?.detail ?? (err as Error).message) : form.failed(err);
      // Paid meanwhile (another tab, or the house): carry on as paid.
      if (text && /already paid/i.test(text) && (await loadUser())?.registration_fee_status) return paid();
      setAlert(text ?? '');
    }
  };

  const cancelCheck = () => {
    check.cancel();
    setPhase('form');
  };

  const checkAgain = async () => {
    setStatus('');
    const fresh = await loadUser();
    if (fresh?.registration_fee_status) return paid();
    setStatus(FEE_NOT_YET);
  };

  if (user?.registration_fee_status && phase === 'form' && !lot) {
    return (
      <ModalFrame title="Registration fee">
        <p className="form-success" role="status">Your registration fee is paid. You can bid on any live lot.</p>
        <div className="modal__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={closeModal}>Continue</button>
        </div>
      </ModalFrame>
    );
  }

  const busy = phase !== 'form';
  return (
    <ModalFrame title="Registration fee">
      {afterVerify && <p className="form-success" role="status">Your email is verified and you are signed in. Welcome!</p>}
      <p className="lead-text fee-lead">
        Before your first bid we ask for a one-off registration fee of <strong>{FEE}</strong>. It is charged once, never
        again, whatever you bid or win.
      </p>
      {alert && <p className="form-error" role="alert">{alert}</p>}
      {phase === 'challenge' ? (
        <CardCheckNotice subject="payment" onShow={check.show} onCancel={cancelCheck} focus />
      ) : (
        <form className="form fee-form" onSubmit={submit} noValidate aria-label="Pay the registration fee">
          {cards.length > 0 && <SavedCardChoice cards={cards} choice={choice} onChoice={(c) => { setChoice(c); savedKey.current = null; }} newValue={NEW_CARD} disabled={busy} />}
          {choice === NEW_CARD && (
            <>
              <CardFields form={form} disabled={busy} />
              <Checkbox label="Save this card for future payments" checked={save} onChecked={setSave} name="save_card" />
            </>
          )}
          <p className="fee-form__secure">Card details go straight to our payment provider. We never keep your card number or CVC.</p>
          <div className="modal__actions fee-form__actions">
            <button type="button" className="button button--ghost" onClick={closeModal}>Not now</button>
            <button type="submit" className="button button--primary" disabled={busy}>
              {phase === 'paying' ? 'Paying…' : `Pay ${FEE}`}
            </button>
          </div>
        </form>
      )}
      <div className="fee-alt">
        <p>
          Paying by bank transfer or at our office instead? The house takes the fee that way too and confirms it on your
          account.{' '}
          <button type="button" className="link-button" onClick={checkAgain}>Check my fee status</button>
        </p>
        {status && <p className="notice notice--info" role="status">{status}</p>}
      </div>
    </ModalFrame>
  );
}
