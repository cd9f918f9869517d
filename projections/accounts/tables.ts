/** Row types of the accounts read models (tables made by infra/db/migrations/0100-accounts-users.ts). */
import type { ColumnType, GeneratedAlways } from 'kysely';

type Instant = ColumnType<Date, string, string>;
type MaybeInstant = ColumnType<Date | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: string;
  /** Stream version of the last event applied: an older or repeated event never overwrites a newer state. */
  version: number;
  email: string;
  first_name: string;
  last_name: string;
  title: string | null;
  phone_number: string;
  /** YYYY-MM-DD. */
  birth_date: string | null;
  vat_enabled: boolean;
  vat_number: string;
  company_name: string;
  is_staff: boolean;
  is_auditor: ColumnType<boolean, boolean | undefined, boolean>;
  is_verified: boolean;
  is_completed: GeneratedAlways<boolean>;
  unpaid_lots_to_notify: ColumnType<boolean, boolean | undefined, boolean>;
  audio_cue: string;
  is_audio_cues: boolean;
  promotional_email: boolean;
  registration_fee_status: boolean;
  registration_fee_paid_at: MaybeInstant;
  /** 'card' | 'bank' | 'in_store'; null when unpaid or recorded without one (column added by migration 0400). */
  registration_fee_method: ColumnType<string | null, string | null | undefined, string | null>;
  password_changed_at: MaybeInstant;
  verified_at: MaybeInstant;
  registered_at: Instant;
}

interface NewsletterSubscribersTable {
  email: string;
  user_id: string | null;
  subscribed_at: Instant;
}

declare module '../../infra/db/database' {
  interface Database {
    users: UsersTable;
    newsletter_subscribers: NewsletterSubscribersTable;
  }
}
