/** Moving an auction's dates before it starts; its lots move with it (staggered ends stay staggered). */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/http';
import { Field } from '../../components/field';
import { localToIso, rescheduleAuction, type StaffAuction } from './api';

/** An ISO instant as a datetime-local value in the staff member's time. */
function isoToLocal(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function AuctionDatesForm({ auction, onDone, onError }: { auction: StaffAuction; onDone: () => void; onError: (e: unknown) => void }) {
  const [start, setStart] = useState(() => isoToLocal(auction.start_date));
  const [end, setEnd] = useState(() => isoToLocal(auction.end_date));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { start_date: localToIso(start), end_date: localToIso(end) };
    const found: Record<string, string> = {};
    if (!body.start_date) found.start_date = 'Enter a valid date and time.';
    if (!body.end_date) found.end_date = 'Enter a valid date and time.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await rescheduleAuction(auction.id, body);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      else onError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="catalogue-form catalogue-form--dates" onSubmit={submit} aria-label="Move auction dates" noValidate>
      <Field label="New start" type="datetime-local" value={start} onValue={setStart} error={errors.start_date} />
      <Field label="New end" type="datetime-local" value={end} onValue={setEnd} error={errors.end_date} hint="Its lots move with it." />
      <button type="submit" className="button button--ghost button--small" disabled={busy}>Move dates</button>
    </form>
  );
}
