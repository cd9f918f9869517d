/** The text rules of a lot note, shared by the decider and the API's validation so the messages match. */
import { ValidationError } from '../../shared/errors';

/** Long enough for tasting notes and a price plan; the spec's "note at most 600" is the checkout note, not this. */
export const LOT_NOTE_MAX_LENGTH = 1000;

export const NOTE_REQUIRED = 'This field is required.';
export const NOTE_TOO_LONG = `Ensure this field has no more than ${LOT_NOTE_MAX_LENGTH} characters.`;

/** Trimmed text, or a field error: blank and over-long notes are refused (a note is removed by no call yet). */
export function checkNoteText(raw: string): string {
  const text = raw.trim();
  if (text.length === 0) throw new ValidationError({ text: [NOTE_REQUIRED] });
  if (text.length > LOT_NOTE_MAX_LENGTH) throw new ValidationError({ text: [NOTE_TOO_LONG] });
  return text;
}

export function checkInstant(now: string): string {
  const t = Date.parse(now);
  if (!Number.isFinite(t)) throw new ValidationError({ now: ['Enter a valid date and time.'] });
  return new Date(t).toISOString();
}
