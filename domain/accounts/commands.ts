/** Account commands: time, ids and the password hash (computed outside, it is slow I/O-like work) come in. */
import type { EditableProfile, FeePaymentMethod, PasswordChangeReason, Profile, SocialProvider } from './events';

export interface RegisterUser {
  type: 'RegisterUser';
  user_id: string;
  email: string;
  password_hash: string;
  profile: Profile;
  now: string;
}

export interface VerifyEmail { type: 'VerifyEmail'; now: string }

export interface ChangePassword { type: 'ChangePassword'; password_hash: string; reason: PasswordChangeReason; now: string }

/**
 * Store the same password hashed with the current parameters. `previous_hash` is the hash the password was checked
 * against: if the password changed meanwhile, the rehash is stale and records nothing.
 */
export interface RehashPassword { type: 'RehashPassword'; previous_hash: string; password_hash: string; now: string }

export interface UpdateProfile { type: 'UpdateProfile'; changes: Partial<EditableProfile>; now: string }

export interface SubscribeNewsletter { type: 'SubscribeNewsletter'; now: string }

export interface RecordRegistrationFeePaid {
  type: 'RecordRegistrationFeePaid';
  amount_pence: number;
  reference: string | null;
  /** The staff user, payment flow or 'system' that recorded it. */
  by: string;
  /** How it was paid (card payments also name their payment); unknown for fees recorded by scripts. */
  method?: FeePaymentMethod;
  payment_id?: string;
  now: string;
}

export interface SetStaff { type: 'SetStaff'; is_staff: boolean; by: string; now: string }
/** The read-only auditor role (sees every audit view, changes nothing). */
export interface SetAuditor { type: 'SetAuditor'; is_auditor: boolean; by: string; now: string }

/**
 * Sign-in with a provider whose verified email is this account's. `unusable_password_hash`: a hash of a random
 * secret nobody knows, which replaces the password of an account whose email was never verified (see social.ts).
 */
export interface LinkSocialIdentity {
  type: 'LinkSocialIdentity';
  provider: SocialProvider;
  subject: string;
  email: string;
  unusable_password_hash: string;
  now: string;
}

export type AccountCommand =
  | RegisterUser
  | VerifyEmail
  | ChangePassword
  | RehashPassword
  | UpdateProfile
  | SubscribeNewsletter
  | RecordRegistrationFeePaid
  | SetStaff
  | SetAuditor
  | LinkSocialIdentity;
