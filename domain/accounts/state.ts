/** Account state: what the commands need to decide (never the read model's job). */
import { assertNever } from '../shared/decider';
import type { AccountEvent, Profile } from './events';

export interface AccountState {
  exists: boolean;
  userId: string;
  email: string;
  passwordHash: string;
  passwordChangedAt: string | null;
  verified: boolean;
  isStaff: boolean;
  isAuditor: boolean;
  feePaid: boolean;
  profile: Profile;
  /** Linked provider accounts, as `provider:subject`. */
  socialIdentities: string[];
}

const emptyProfile: Profile = {
  first_name: '', last_name: '', title: null, phone_number: '', birth_date: null, vat_enabled: false, vat_number: '',
  company_name: '', audio_cue: 'audio_1', is_audio_cues: true, promotional_email: false,
};

export const initialAccountState: AccountState = Object.freeze({
  exists: false, userId: '', email: '', passwordHash: '', passwordChangedAt: null, verified: false, isStaff: false, isAuditor: false,
  feePaid: false, profile: emptyProfile, socialIdentities: [],
}) as AccountState;

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'UserRegistered': {
      const { user_id, email, password_hash, registered_at: _at, ...profile } = event.data;
      return { ...state, exists: true, userId: user_id, email, passwordHash: password_hash, profile };
    }
    case 'EmailVerified':
      return { ...state, verified: true };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.password_hash, passwordChangedAt: event.data.changed_at };
    case 'PasswordRehashed':
      // Same password, new parameters: not a change (sessions from before it stay valid).
      return { ...state, passwordHash: event.data.password_hash };
    case 'ProfileChanged':
      return { ...state, profile: { ...state.profile, ...event.data.changes } };
    case 'NewsletterSubscribed':
      return { ...state, profile: { ...state.profile, promotional_email: true } };
    case 'RegistrationFeePaid':
      return { ...state, feePaid: true };
    case 'StaffFlagChanged':
      return { ...state, isStaff: event.data.is_staff };
    case 'AuditorFlagChanged':
      return { ...state, isAuditor: event.data.is_auditor };
    case 'SocialIdentityLinked':
      return { ...state, socialIdentities: [...state.socialIdentities, `${event.data.provider}:${event.data.subject}`] };
    default:
      return assertNever(event);
  }
}
