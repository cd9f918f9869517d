/**
 * Adding a card on the saved cards screen. The answer is the card (saved at once) or payment HTML when the bank
 * wants a 3-D Secure check: that runs in the payment popup opened on submit (this window when popups are blocked),
 * and the return reports the outcome through the shell (state/shell-query.ts, cards-store.ts).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { CARD_ERROR } from '../../state/shell-query';
import { CardCheckNotice } from '../../components/card-check-notice';
import { CardFields, useCardForm } from '../../components/card-form';
import { cardsStore } from './cards-store';
import { addCard, type SavedCard } from '../../api/cards';
import { useCardCheck } from '../../components/use-card-check';

type Phase = 'form' | 'saving' | 'challenge';

const POPUP_CLOSED = 'The card check window was closed before it finished. Please try again.';

export function AddCardForm({ onAdded, onCancel }: { onAdded: (card: SavedCard) => void; onCancel: () => void }) {
  const form = useCardForm();
  const [phase, setPhase] = useState<Phase>('form');
  const [alert, setAlert] = useState('');
  const check = useCardCheck({
    onChallenge: () => setPhase('challenge'),
    onAbandoned: () => {
      setPhase('form');
      setAlert(POPUP_CLOSED);
    },
  });
  const { version, lastAdded } = useSnapshot(cardsStore);
  const seenVersion = useRef(version);

  // The bank's check came back refused: the form again, with the error (a success closes this form).
  useEffect(() => {
    if (version === seenVersion.current) return;
    seenVersion.current = version;
    if (phase === 'challenge' && !lastAdded) {
      setPhase('form');
      setAlert(CARD_ERROR);
    }
  }, [version, lastAdded, phase]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phase !== 'form') return;
    setAlert('');
    if (!form.validate()) return;
    // Opened now, in the click: after the call the browser would block it (spec 1 section 4).
    check.open();
    setPhase('saving');
    try {
      const answer = await addCard(form.body(), form.attemptKey());
      form.settled();
      if ('result' in answer) {
        check.close();
        return onAdded(answer.result);
      }
      check.run(answer.html);
    } catch (err) {
      check.close();
      setPhase('form');
      setAlert(form.failed(err) ?? '');
    }
  };

  const cancel = () => {
    check.cancel();
    onCancel();
  };

  return (
    <form className="form add-card" onSubmit={submit} noValidate aria-labelledby="add-card-title">
      <h3 id="add-card-title" className="add-card__title">Add a card</h3>
      {alert && <p className="form-error" role="alert">{alert}</p>}
      {phase === 'challenge' ? (
        <CardCheckNotice subject="card" onShow={check.show} focus />
      ) : (
        <CardFields form={form} disabled={phase !== 'form'} />
      )}
      <div className="add-card__actions">
        <button type="button" className="button button--ghost" onClick={cancel}>Cancel</button>
        {phase !== 'challenge' && (
          <button type="submit" className="button button--primary" disabled={phase !== 'form'}>{phase === 'saving' ? 'Saving…' : 'Save card'}</button>
        )}
      </div>
    </form>
  );
}
