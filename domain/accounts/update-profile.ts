/**
 * UpdateProfile (PATCH /api/users/{id}/): records only the fields whose value really changes, so saving an
 * unchanged form writes nothing. Names and phone follow the sign-up rules; they cannot be blanked once given.
 * The birth date follows the sign-up rules too (format, 18 or over, not too old, on the command's clock), and may
 * only be given while the account has none: the age check rests on it, so a user cannot change it afterwards.
 */
import { NotFound, ValidationError, type FieldErrors } from '../shared/errors';
import type { UpdateProfile } from './commands';
import { AUDIO_CUES, type EditableProfile, type ProfileChanged } from './events';
import { isoDate, parseBirthDate, validateBirthDate, validateName, validateTitle } from './rules';
import { validatePhone } from './phone';
import type { AccountState } from './state';

const BIRTH_DATE_LOCKED = 'Your date of birth cannot be changed.';

export function updateProfile(command: UpdateProfile, state: AccountState): ProfileChanged[] {
  if (!state.exists) throw new NotFound('User not found.');
  const input = normalise(command.changes);
  const errors: FieldErrors = {};
  const check = (field: string, message: string | null) => {
    if (message) errors[field] = [...(errors[field] ?? []), message];
  };
  if (input.first_name !== undefined) check('first_name', validateName(input.first_name));
  if (input.last_name !== undefined) check('last_name', validateName(input.last_name));
  if (input.phone_number !== undefined) check('phone_number', validatePhone(input.phone_number));
  if (input.title !== undefined) check('title', validateTitle(input.title));
  if (input.audio_cue !== undefined && !AUDIO_CUES.includes(input.audio_cue)) check('audio_cue', 'Choose one of the audio cues.');
  if (input.birth_date !== undefined) {
    const problem = birthDateProblem(input.birth_date, state.profile.birth_date, new Date(command.now));
    check('birth_date', problem);
    const birth = problem ? null : parseBirthDate(input.birth_date ?? '');
    if (birth) input.birth_date = isoDate(birth);
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const changes: Partial<EditableProfile> = {};
  for (const key of Object.keys(input) as (keyof EditableProfile)[]) {
    if (input[key] !== undefined && input[key] !== state.profile[key]) Object.assign(changes, { [key]: input[key] });
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ProfileChanged', data: { user_id: state.userId, changes, changed_at: new Date(command.now).toISOString() } }];
}

/** Sending back the date already held (in either format) is no change; any other date once one is held is refused. */
function birthDateProblem(value: string | null, current: string | null, today: Date): string | null {
  if (current !== null) {
    const given = value === null ? null : parseBirthDate(value);
    return given && isoDate(given) === current ? null : BIRTH_DATE_LOCKED;
  }
  return validateBirthDate(value ?? '', today);
}

function normalise(changes: Partial<EditableProfile>): Partial<EditableProfile> {
  const out: Partial<EditableProfile> = { ...changes };
  if (typeof out.first_name === 'string') out.first_name = out.first_name.trim();
  if (typeof out.last_name === 'string') out.last_name = out.last_name.trim();
  if (typeof out.phone_number === 'string') out.phone_number = out.phone_number.trim();
  if (typeof out.birth_date === 'string') out.birth_date = out.birth_date.trim();
  if (out.title !== undefined) out.title = out.title?.trim() || null;
  return out;
}
