/**
 * The one auction dates form (start and end, checked here, then sent): creating an auction and moving a
 * not-yet-started auction's dates (its lots move with it, staggered ends stay staggered) are two uses of it.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../api/http';
import { Field } from '../../components/field';
import { createAuction, localToIso, rescheduleAuction, type StaffAuction } from './api';

type AuctionDates = { start_date: string; end_date: string };

/** An ISO instant as a datetime-local value in the staff member's time. */
function isoToLocal(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The fields' missing or unreadable values, by field. */
function datesErrors(body: AuctionDates): Record<string, string> {
  const found: Record<string, string> = {};
  if (!body.start_date) found.start_date = 'Enter a valid date and time.';
  if (!body.end_date) found.end_date = 'Enter a valid date and time.';
  return found;
}

interface DatesFormProps {
  name: string;
  title?: ReactNode;
  labels: { start: string; end: string; endHint?: string; submit: string };
  buttonClass: string;
  initial?: { start: string; end: string };
  save: (dates: AuctionDates) => Promise<void>;
  /** Clear the fields once saved (a new auction; a moved one is shown again with its new dates). */
  clearOnSave?: boolean;
  /** Errors that are not about a field; without it they are shown on the start field. */
  onError?: (e: unknown) => void;
}

function DatesForm({ name, title, labels, buttonClass, initial, save, clearOnSave, onError }: DatesFormProps) {
  const [start, setStart] = useState(initial?.start ?? '');
  const [end, setEnd] = useState(initial?.end ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = { start_date: localToIso(start), end_date: localToIso(end) };
    const found = datesErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await save(body);
      if (clearOnSave) {
        setStart('');
        setEnd('');
      }
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
      else if (onError) onError(err);
      else setErrors({ start_date: err instanceof Error ? err.message : 'Error occurred' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="catalogue-form catalogue-form--dates" onSubmit={submit} aria-label={name} noValidate>
      {title}
      <Field label={labels.start} type="datetime-local" value={start} onValue={setStart} error={errors.start_date} />
      <Field label={labels.end} type="datetime-local" value={end} onValue={setEnd} error={errors.end_date} hint={labels.endHint} />
      <button type="submit" className={buttonClass} disabled={busy}>{labels.submit}</button>
    </form>
  );
}

export function NewAuctionForm({ onCreated }: { onCreated: (a: StaffAuction) => void }) {
  return (
    <DatesForm name="New auction" title={<h2 className="catalogue-form__title">New auction</h2>}
      labels={{ start: 'Starts', end: 'Ends', submit: 'Create auction' }} buttonClass="button button--primary" clearOnSave
      save={async (dates) => onCreated(await createAuction(dates))} />
  );
}

export function AuctionDatesForm({ auction, onDone, onError }: { auction: StaffAuction; onDone: () => void; onError: (e: unknown) => void }) {
  return (
    <DatesForm name="Move auction dates" labels={{ start: 'New start', end: 'New end', endHint: 'Its lots move with it.', submit: 'Move dates' }}
      buttonClass="button button--ghost button--small" initial={{ start: isoToLocal(auction.start_date), end: isoToLocal(auction.end_date) }} onError={onError}
      save={async (dates) => {
        await rescheduleAuction(auction.id, dates);
        onDone();
      }} />
  );
}
