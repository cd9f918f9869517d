/**
 * The action cell of a staff order row: "Payment received" (with the reference) and "Cancel order" (with a reason)
 * for an unpaid order, "Move forward" (to one of the allowed next statuses) for a paid one. Each opens an inline
 * confirmation, as on the other staff screens; nothing is sent until it is confirmed.
 */
import { useId, useState } from 'react';
import { Field } from '../../../components/field';
import { formatGBP } from '../../../lib/money';
import { statusLabel } from '../../../lib/order-labels';
import { cancelOrder, markPaymentReceived, moveOrderStatus, type StaffOrder } from './api';
import { canCancel, nextStatuses, staffRecordsPayment, VOUCHER_MSG } from './rules';

export interface Done {
  action: 'paid' | 'moved' | 'cancelled';
  status: string;
}

type Mode = 'pay' | 'cancel' | 'move';

interface Props {
  order: StaffOrder;
  onDone: (o: StaffOrder, done: Done) => void;
  onError: (e: unknown) => void;
}

export function OrderActions({ order: o, onDone, onError }: Props) {
  const id = useId();
  const [mode, setMode] = useState<Mode | null>(null);
  const [text, setText] = useState('');
  const next = nextStatuses(o);
  const [to, setTo] = useState(next[0] ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const pays = staffRecordsPayment(o);
  const cancels = canCancel(o);

  if (!mode) {
    if (!pays && !cancels && next.length === 0) return null;
    return (
      <div className="desk-actions">
        {pays && (
          <button type="button" className="button button--primary button--small" aria-label={`Payment received for order ${o.order_number}`} onClick={() => setMode('pay')}>
            Payment received
          </button>
        )}
        {next.length > 0 && (
          <button type="button" className="button button--primary button--small" aria-label={`Move order ${o.order_number} forward`} onClick={() => { setTo(next[0]); setMode('move'); }}>
            Move forward
          </button>
        )}
        {cancels && (
          <button type="button" className="button button--ghost button--small" aria-label={`Cancel order ${o.order_number}`} onClick={() => setMode('cancel')}>
            Cancel order
          </button>
        )}
      </div>
    );
  }

  const close = () => {
    setMode(null);
    setText('');
    setError('');
  };
  const submit = async () => {
    if (mode !== 'move' && !text.trim()) return setError(VOUCHER_MSG.required);
    setBusy(true);
    setError('');
    try {
      if (mode === 'pay') {
        await markPaymentReceived(o.id, text.trim());
        onDone(o, { action: 'paid', status: 'paid' });
      } else if (mode === 'cancel') {
        await cancelOrder(o.id, text.trim());
        onDone(o, { action: 'cancelled', status: 'cancelled' });
      } else {
        await moveOrderStatus(o.id, to);
        onDone(o, { action: 'moved', status: to });
      }
      close();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };

  const label = mode === 'pay' ? `Record the payment of order ${o.order_number}` : mode === 'cancel' ? `Cancel order ${o.order_number}` : `Move order ${o.order_number} forward`;
  return (
    <div className="desk-confirm" role="group" aria-label={label}>
      {mode === 'move' ? (
        <fieldset className="status-choice">
          <legend>Next status</legend>
          {next.map((s) => (
            <label key={s}>
              <input type="radio" name={`${id}-to`} value={s} checked={to === s} onChange={() => setTo(s)} /> {statusLabel(s)}
            </label>
          ))}
        </fieldset>
      ) : (
        <Field
          label={mode === 'pay' ? 'Payment reference' : 'Reason for cancelling'} value={text} maxLength={mode === 'pay' ? 100 : 500} error={error || null}
          hint={mode === 'cancel' ? 'The buyer\'s lots are released, so they can be ordered again.' : o.payment_method === 'IN_STORE' ? 'e.g. the till receipt number' : 'e.g. the bank transfer reference'}
          onValue={(v) => { setText(v); setError(''); }}
        />
      )}
      <div className="desk-actions">
        <button type="button" className="button button--ghost button--small" onClick={close} disabled={busy}>Back</button>
        <button type="button" className="button button--primary button--small" onClick={submit} disabled={busy || (mode === 'move' && !to)}>
          {busy ? 'Saving…' : mode === 'pay' ? `Confirm ${formatGBP(o.amount_due)} received` : mode === 'cancel' ? 'Cancel this order' : `Mark ${statusLabel(to).toLowerCase()}`}
        </button>
      </div>
    </div>
  );
}
