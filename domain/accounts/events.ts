/** Account events, on the stream `user-<uuid>`: plain JSON, instants as ISO strings. */

/** The profile and settings fields a user sees and edits (flat on the user in the API). */
export interface Profile {
  first_name: string;
  last_name: string;
  title: string | null;
  phone_number: string;
  /** YYYY-MM-DD, or null when not given (accounts made by scripts). */
  birth_date: string | null;
  vat_enabled: boolean;
  vat_number: string;
  company_name: string;
  audio_cue: AudioCue;
  is_audio_cues: boolean;
  promotional_email: boolean;
}

export const AUDIO_CUES = ['audio_1', 'audio_2', 'audio_3', 'audio_4'] as const;
type AudioCue = (typeof AUDIO_CUES)[number];

/**
 * The fields PATCH /api/users/{id}/ may change. `birth_date` only while the account has none yet (accounts made by
 * scripts or social sign-up complete their profile once); in a ProfileChanged it is always YYYY-MM-DD.
 */
export type EditableProfile = Pick<
  Profile, 'first_name' | 'last_name' | 'title' | 'phone_number' | 'birth_date' | 'audio_cue' | 'is_audio_cues' | 'promotional_email'
>;

export interface UserRegistered {
  type: 'UserRegistered';
  data: Profile & {
    user_id: string;
    /** Normalised (trimmed, lower case). */
    email: string;
    /** A self-describing argon2id or scrypt hash: not a secret, and keeping it here keeps the read models rebuildable. */
    password_hash: string;
    registered_at: string;
  };
}

export interface EmailVerified {
  type: 'EmailVerified';
  data: { user_id: string; verified_at: string };
}

export type PasswordChangeReason = 'change' | 'reset' | 'admin';

export interface PasswordChanged {
  type: 'PasswordChanged';
  data: { user_id: string; password_hash: string; reason: PasswordChangeReason; changed_at: string };
}

/**
 * The same password stored with the current hashing parameters (done at a successful login when the stored hash
 * was made with older ones). Not a password change: sessions survive it and `password_changed_at` stays.
 */
export interface PasswordRehashed {
  type: 'PasswordRehashed';
  data: { user_id: string; password_hash: string; rehashed_at: string };
}

/** Only the fields that changed, with their new values. */
export interface ProfileChanged {
  type: 'ProfileChanged';
  data: { user_id: string; changes: Partial<EditableProfile>; changed_at: string };
}

export interface NewsletterSubscribed {
  type: 'NewsletterSubscribed';
  data: { user_id: string; email: string; subscribed_at: string };
}

export type FeePaymentMethod = 'card' | 'bank' | 'in_store';

/** `method` and `payment_id` (the card payment) are absent from events recorded before card payments existed. */
export interface RegistrationFeePaid {
  type: 'RegistrationFeePaid';
  data: {
    user_id: string; amount_pence: number; reference: string | null; recorded_by: string; paid_at: string;
    method?: FeePaymentMethod; payment_id?: string;
  };
}

export interface StaffFlagChanged {
  type: 'StaffFlagChanged';
  data: { user_id: string; is_staff: boolean; changed_by: string; changed_at: string };
}

export interface AuditorFlagChanged {
  type: 'AuditorFlagChanged';
  data: { user_id: string; is_auditor: boolean; changed_by: string; changed_at: string };
}

const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** The provider's account (`subject`: its stable user id) signs in to this one; linked by the verified email. */
interface SocialIdentityLinked {
  type: 'SocialIdentityLinked';
  data: { user_id: string; provider: SocialProvider; subject: string; email: string; linked_at: string };
}

export type AccountEvent =
  | UserRegistered
  | EmailVerified
  | PasswordChanged
  | PasswordRehashed
  | ProfileChanged
  | NewsletterSubscribed
  | RegistrationFeePaid
  | StaffFlagChanged
  | AuditorFlagChanged
  | SocialIdentityLinked;
type AccountEventType = AccountEvent['type'];

export const ACCOUNT_EVENT_TYPES: readonly AccountEventType[] = [
  'UserRegistered', 'EmailVerified', 'PasswordChanged', 'PasswordRehashed', 'ProfileChanged', 'NewsletterSubscribed', 'RegistrationFeePaid', 'StaffFlagChanged', 'AuditorFlagChanged',
  'SocialIdentityLinked',
];

/**
 * On `user-email-<normalised email>`, appended with expected version `no_stream` in the same transaction as the
 * user's first event: the database then lets exactly one account claim an email, however many register at once.
 */
export interface EmailClaimed {
  type: 'EmailClaimed';
  data: { email: string; user_id: string; claimed_at: string };
}

/** On `newsletter-<normalised email>`: anyone (signed in or not) asked for the newsletter. */
export interface EmailSubscribedToNewsletter {
  type: 'EmailSubscribedToNewsletter';
  data: { email: string; user_id: string | null; subscribed_at: string };
}

export const userStream = (userId: string) => `user-${userId}`;
export const emailClaimStream = (email: string) => `user-email-${normaliseEmail(email)}`;
export const newsletterStream = (email: string) => `newsletter-${normaliseEmail(email)}`;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * What a stored password hash looks like: argon2id (PHC string) or scrypt, as services/accounts/passwords.ts writes
 * them. The deciders refuse anything else, so a plain password can never be stored by mistake.
 */
export function isPasswordHash(value: string): boolean {
  return value.startsWith('$argon2id$') || value.startsWith('scrypt$');
}
