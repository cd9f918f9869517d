/**
 * CreateAuction (staff). Dates must be real instants, the end after the start, and the sellers' deadline for
 * adding bottles no later than the start (after that the catalogue is fixed).
 */
import { Conflict, ValidationError, type FieldErrors } from '../../shared/errors';
import type { CreateAuction } from './commands';
import type { AuctionCreated } from './events';
import type { AuctionState } from './state';

export function createAuction(command: CreateAuction, state: AuctionState): AuctionCreated[] {
  if (state.status !== 'initial') throw new Conflict('This auction already exists.');

  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const instant = (field: 'start_date' | 'end_date' | 'bottles_add_deadline' | 'now') => {
    const ms = Date.parse(command[field]);
    if (!Number.isFinite(ms)) fail(field, 'Enter a valid date and time.');
    return ms;
  };
  const start = instant('start_date');
  const end = instant('end_date');
  const deadline = instant('bottles_add_deadline');
  const now = instant('now');

  if (Number.isFinite(start) && Number.isFinite(end) && end <= start) fail('end_date', 'The end date must be after the start date.');
  if (Number.isFinite(start) && Number.isFinite(deadline) && deadline > start) {
    fail('bottles_add_deadline', 'The deadline for adding bottles must not be after the start date.');
  }
  if (!Number.isInteger(command.year) || command.year < 2000 || command.year > 2100) fail('year', 'Enter a valid year.');
  if (!Number.isInteger(command.sequence_no) || command.sequence_no < 1) fail('sequence_no', 'Enter a whole number of at least 1.');
  if (typeof command.auction_id !== 'string' || command.auction_id.trim() === '') fail('auction_id', 'This field is required');
  if (typeof command.by !== 'string' || command.by.trim() === '') fail('by', 'This field is required');
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  return [
    {
      type: 'AuctionCreated',
      data: {
        auction_id: command.auction_id,
        start_date: new Date(start).toISOString(),
        end_date: new Date(end).toISOString(),
        year: command.year,
        sequence_no: command.sequence_no,
        bottles_add_deadline: new Date(deadline).toISOString(),
        created_by: command.by,
        created_at: new Date(now).toISOString(),
      },
    },
  ];
}
