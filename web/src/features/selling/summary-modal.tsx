/**
 * SellingSummary: the request is filed. Its reference, the items, what to do next for the chosen way, and the PDF the
 * server answered (file_data) to download. Closing it goes on to /checkout-success?flow_type=sell-request.
 */
import { useState } from 'react';
import { downloadFile } from '../../api/files';
import { ModalFrame } from '../../components/modal-frame';
import { formatLongDate } from '../../lib/dates';
import type { NewItemsAnswer } from './api';
import type { Way } from './rules';

export interface SummaryData {
  answer: NewItemsAnswer;
  way: Way;
  items: { title: string; quantity: number }[];
  pickUpDate: string | null;
  boxes: number | null;
  signedUp: boolean;
}

function nextStep(d: SummaryData): string {
  const ref = d.answer.reference;
  if (d.way === 'send_items') return `Pack your items carefully, write ${ref} on every box and send them to our warehouse (the address is in the PDF).`;
  if (d.way === 'drop_items') return `Bring your items to our store during opening hours and quote ${ref}.`;
  const date = d.pickUpDate ? formatLongDate(`${d.pickUpDate}T12:00:00Z`) : 'the day you chose';
  return `Our courier collects ${d.boxes ?? 1} ${d.boxes === 1 ? 'box' : 'boxes'} on ${date}. Write ${ref} on every box.`;
}

export function SellingSummaryModal({ data, onClose }: { data: SummaryData; onClose: () => void }) {
  const [error, setError] = useState('');
  const download = () => {
    setError('');
    try {
      downloadFile({ file: data.answer.file_data, filename: data.answer.file_name || `${data.answer.reference}.pdf`, mime_type: 'application/pdf' });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The file could not be downloaded.');
    }
  };
  return (
    <ModalFrame title="Your sell request is received" onClose={onClose} size="wide">
      <p className="sell-summary__ref">Reference <strong>{data.answer.reference}</strong></p>
      <h3>Items</h3>
      <ul className="sell-summary__items">
        {data.items.map((it, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items of one submitted request, rendered whole, never reordered
          <li key={i}>{it.title}{it.quantity > 1 ? ` × ${it.quantity}` : ''}</li>
        ))}
      </ul>
      <h3>What to do next</h3>
      <p>{nextStep(data)}</p>
      <p className="sell-muted">Keep the PDF: it has your reference, the items and these instructions. We email you when your items arrive and when they are listed.</p>
      {data.signedUp && <p className="sell-muted">We have also created your account: open the link we emailed you to activate it.</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={download}>Download the PDF</button>
        <button type="button" className="button button--primary" onClick={onClose}>Done</button>
      </div>
    </ModalFrame>
  );
}
