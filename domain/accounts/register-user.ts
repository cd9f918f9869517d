/**
 * RegisterUser: the first event of an account. The HTTP layer has already checked the sign-up form (required fields,
 * terms, age); here only the invariants every account keeps, whoever creates it (form, script, demo seed): a valid
 * normalised email, a password hash, and any profile value given being well formed. Names, phone and birth date may
 * be empty for accounts made by scripts: such a profile is simply not complete.
 */
import { Conflict, ValidationError, type FieldErrors } from '../shared/errors';
import type { RegisterUser } from './commands';
import { AUDIO_CUES, isPasswordHash, normaliseEmail, type UserRegistered } from './events';
import { validateCompanyName, validateEmail, validateName, validateTitle, validateVatNumber, parseBirthDate, isoDate } from './rules';
import { validatePhone } from './phone';
import type { AccountState } from './state';

/** The one-off registration fee (product rules), in pence. */
export const REGISTRATION_FEE_PENCE = 500;

export function registerUser(command: RegisterUser, state: AccountState): UserRegistered[] {
  if (state.exists) throw new Conflict('This account already exists.');
  const { profile } = command;
  const errors: FieldErrors = {};
  const check = (field: string, message: string | null) => {
    if (message) errors[field] = [...(errors[field] ?? []), message];
  };
  check('email', validateEmail(command.email));
  if (!isPasswordHash(command.password_hash)) check('password', 'A password is required.');
  if (profile.first_name) check('first_name', validateName(profile.first_name));
  if (profile.last_name) check('last_name', validateName(profile.last_name));
  if (profile.phone_number) check('phone_number', validatePhone(profile.phone_number));
  check('title', validateTitle(profile.title));
  const birth = profile.birth_date === null ? null : parseBirthDate(profile.birth_date);
  if (profile.birth_date !== null && !birth) check('birth_date', 'Enter valid format DD/MM/YYYY');
  if (profile.vat_enabled) {
    check('vat_number', validateVatNumber(profile.vat_number));
    check('company_name', validateCompanyName(profile.company_name));
  }
  if (!AUDIO_CUES.includes(profile.audio_cue)) check('audio_cue', 'Choose one of the audio cues.');
  if (!command.user_id) check('user_id', 'This field is required');
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  return [{
    type: 'UserRegistered',
    data: {
      user_id: command.user_id,
      email: normaliseEmail(command.email),
      password_hash: command.password_hash,
      first_name: profile.first_name.trim(),
      last_name: profile.last_name.trim(),
      title: profile.title?.trim() || null,
      phone_number: profile.phone_number.trim(),
      birth_date: birth ? isoDate(birth) : null,
      vat_enabled: profile.vat_enabled,
      vat_number: profile.vat_enabled ? profile.vat_number.trim() : '',
      company_name: profile.vat_enabled ? profile.company_name.trim() : '',
      audio_cue: profile.audio_cue,
      is_audio_cues: profile.is_audio_cues,
      promotional_email: profile.promotional_email,
      registered_at: new Date(command.now).toISOString(),
    },
  }];
}
