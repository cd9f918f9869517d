/**
 * The `users` read model: one row per account, every value taken from the events. Each row remembers the stream
 * version it reflects; an update applies only to an older row, so applying any event twice changes nothing.
 */
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../infra/db/database';
import type { Projection } from '../projection';
import type { StoredEvent } from '../../infra/event-store/types';
import { assertNever } from '../../domain/shared/decider';
import { ACCOUNT_EVENT_TYPES, type AccountEvent } from '../../domain/accounts/events';
import type { UsersTable } from './tables';
import './tables';

type Changes = Omit<Updateable<UsersTable>, 'id' | 'version' | 'registered_at'>;

export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
  eventTypes: ACCOUNT_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as AccountEvent;
    if (event.type === 'UserRegistered') return register(trx, event.data, stored.stream_version);
    await update(trx, event.data.user_id, stored, changesOf(event));
  },
};

async function register(trx: Kysely<Database>, d: Extract<AccountEvent, { type: 'UserRegistered' }>['data'], version: number): Promise<void> {
  await trx.insertInto('users').values({
    id: d.user_id, version, email: d.email, first_name: d.first_name, last_name: d.last_name, title: d.title,
    phone_number: d.phone_number, birth_date: d.birth_date, vat_enabled: d.vat_enabled, vat_number: d.vat_number,
    company_name: d.company_name, is_staff: false, is_verified: false, audio_cue: d.audio_cue, is_audio_cues: d.is_audio_cues,
    promotional_email: d.promotional_email, registration_fee_status: false, registered_at: d.registered_at,
  }).onConflict((oc) => oc.column('id').doNothing()).execute();
}

async function update(trx: Kysely<Database>, userId: string, stored: StoredEvent, changes: Changes): Promise<void> {
  await trx.updateTable('users').set({ ...changes, version: stored.stream_version })
    .where('id', '=', userId).where('version', '<', stored.stream_version).execute();
}

function changesOf(event: Exclude<AccountEvent, { type: 'UserRegistered' }>): Changes {
  switch (event.type) {
    case 'EmailVerified':
      return { is_verified: true, verified_at: event.data.verified_at };
    case 'PasswordChanged':
      return { password_changed_at: event.data.changed_at };
    case 'PasswordRehashed':
      return {}; // the hash is not in the read model; only the row's version moves
    case 'ProfileChanged':
      return { ...event.data.changes };
    case 'NewsletterSubscribed':
      return { promotional_email: true };
    case 'RegistrationFeePaid':
      return { registration_fee_status: true, registration_fee_paid_at: event.data.paid_at, registration_fee_method: feeMethod(event.data) };
    case 'StaffFlagChanged':
      return { is_staff: event.data.is_staff };
    case 'AuditorFlagChanged':
      return { is_auditor: event.data.is_auditor };
    case 'SocialIdentityLinked':
      return {}; // not in the read model: only the version moves on
    default:
      return assertNever(event);
  }
}

/**
 * How the fee was paid. Events from before card payments carry no method: one recorded by a staff member (a user id)
 * was a bank payment, the staff endpoint's default; one recorded by a script or a seed is unknown (null).
 */
export function feeMethod(d: Extract<AccountEvent, { type: 'RegistrationFeePaid' }>['data']): string | null {
  if (d.method) return d.method;
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(d.recorded_by) ? 'bank' : null;
}
