/**
 * The small account commands. Each is idempotent where repeating it means nothing new (verifying twice, paying the
 * fee twice, subscribing twice, setting the same staff flag): no event, so retries are harmless.
 */
import { NotFound, ValidationError } from '../shared/errors';
import type { ChangePassword, RecordRegistrationFeePaid, RehashPassword, SetAuditor, SetStaff, SubscribeNewsletter, VerifyEmail } from './commands';
import type { AuditorFlagChanged, EmailVerified, NewsletterSubscribed, PasswordChanged, PasswordRehashed, RegistrationFeePaid, StaffFlagChanged } from './events';
import { isPasswordHash } from './events';
import type { AccountState } from './state';

const at = (now: string) => new Date(now).toISOString();

function mustExist(state: AccountState): void {
  if (!state.exists) throw new NotFound('User not found.');
}

export function verifyEmail(command: VerifyEmail, state: AccountState): EmailVerified[] {
  mustExist(state);
  if (state.verified) return [];
  return [{ type: 'EmailVerified', data: { user_id: state.userId, verified_at: at(command.now) } }];
}

export function changePassword(command: ChangePassword, state: AccountState): PasswordChanged[] {
  mustExist(state);
  if (!isPasswordHash(command.password_hash)) throw new ValidationError({ password: ['A password is required.'] });
  return [{
    type: 'PasswordChanged',
    data: { user_id: state.userId, password_hash: command.password_hash, reason: command.reason, changed_at: at(command.now) },
  }];
}

/** Nothing when the password changed since it was checked (a stale rehash must not bring the old one back). */
export function rehashPassword(command: RehashPassword, state: AccountState): PasswordRehashed[] {
  mustExist(state);
  if (!isPasswordHash(command.password_hash)) throw new ValidationError({ password: ['A password is required.'] });
  if (state.passwordHash !== command.previous_hash || state.passwordHash === command.password_hash) return [];
  return [{ type: 'PasswordRehashed', data: { user_id: state.userId, password_hash: command.password_hash, rehashed_at: at(command.now) } }];
}

export function subscribeNewsletter(command: SubscribeNewsletter, state: AccountState): NewsletterSubscribed[] {
  mustExist(state);
  if (state.profile.promotional_email) return [];
  return [{ type: 'NewsletterSubscribed', data: { user_id: state.userId, email: state.email, subscribed_at: at(command.now) } }];
}

export function recordRegistrationFeePaid(command: RecordRegistrationFeePaid, state: AccountState): RegistrationFeePaid[] {
  mustExist(state);
  if (state.feePaid) return [];
  if (!Number.isInteger(command.amount_pence) || command.amount_pence < 0) {
    throw new ValidationError({ amount: ['Enter a valid amount.'] });
  }
  return [{
    type: 'RegistrationFeePaid',
    data: {
      user_id: state.userId, amount_pence: command.amount_pence, reference: command.reference, recorded_by: command.by, paid_at: at(command.now),
      ...(command.method ? { method: command.method } : {}),
      ...(command.payment_id ? { payment_id: command.payment_id } : {}),
    },
  }];
}

export function setStaff(command: SetStaff, state: AccountState): StaffFlagChanged[] {
  mustExist(state);
  if (state.isStaff === command.is_staff) return [];
  return [{ type: 'StaffFlagChanged', data: { user_id: state.userId, is_staff: command.is_staff, changed_by: command.by, changed_at: at(command.now) } }];
}

export function setAuditor(command: SetAuditor, state: AccountState): AuditorFlagChanged[] {
  mustExist(state);
  if (state.isAuditor === command.is_auditor) return [];
  return [{ type: 'AuditorFlagChanged', data: { user_id: state.userId, is_auditor: command.is_auditor, changed_by: command.by, changed_at: at(command.now) } }];
}
