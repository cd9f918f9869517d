/**
 * Account queries other slices use (read model `users`). For decisions that must not lag behind a command just
 * made, read the account stream instead (services/accounts/lookup.ts).
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/database';
import type { UsersTable } from '../../projections/accounts/tables';
import '../../projections/accounts/tables';
import type { AccountState } from '../../domain/accounts/state';
import type { UserView } from './answers';

type UserRow = Selectable<UsersTable>;

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function getUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  return (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function getUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return (await db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst()) ?? null;
}

/** The bidding slice asks this before a first bid. */
export async function isRegistrationFeePaid(db: Db, id: string): Promise<boolean> {
  return (await getUserById(db, id))?.registration_fee_status === true;
}

export function toUserView(row: UserRow): UserView {
  return {
    id: row.id, email: row.email, first_name: row.first_name, last_name: row.last_name, title: row.title,
    phone_number: row.phone_number, birth_date: row.birth_date, is_staff: row.is_staff, is_auditor: row.is_auditor, is_verified: row.is_verified,
    is_completed: row.is_completed, unpaid_lots_to_notify: row.unpaid_lots_to_notify, vat_enabled: row.vat_enabled,
    vat_number: row.vat_number, company_name: row.company_name, audio_cue: row.audio_cue, is_audio_cues: row.is_audio_cues,
    promotional_email: row.promotional_email, registration_fee_status: row.registration_fee_status,
  };
}

/**
 * The same view from the account's own state (a command's answer, which never waits on the users read model).
 * `unpaid_lots_to_notify` is the checkout's to say; the caller fills it.
 */
export function userViewOfState(s: AccountState): UserView {
  const p = s.profile;
  return {
    id: s.userId, email: s.email, first_name: p.first_name, last_name: p.last_name, title: p.title,
    phone_number: p.phone_number, birth_date: p.birth_date, is_staff: s.isStaff, is_auditor: s.isAuditor, is_verified: s.verified,
    // As the users table's generated column computes it (migration 0100).
    is_completed: p.first_name !== '' && p.last_name !== '' && p.phone_number !== '' && p.birth_date !== null,
    unpaid_lots_to_notify: false, vat_enabled: p.vat_enabled,
    vat_number: p.vat_number, company_name: p.company_name, audio_cue: p.audio_cue, is_audio_cues: p.is_audio_cues,
    promotional_email: p.promotional_email, registration_fee_status: s.feePaid,
  };
}
