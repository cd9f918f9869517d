/** Request bodies of the accounts endpoints (zod), with the spec's messages. */
import { z } from 'zod';
import { registrationErrors } from '../../domain/accounts/registration-form';
import { AUDIO_CUES } from '../../domain/accounts/events';
import { MSG } from '../../domain/accounts/rules';

const REQUIRED = { error: MSG.required };
/** Missing or null reads as empty, so the rules answer "This field is required" rather than a type error. */
const text = z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string(REQUIRED).max(1000, 'Too long.'));
const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v ?? false),
  z.boolean({ error: 'Must be true or false.' }),
);
const password = z.preprocess((v) => v ?? '', z.string({ error: MSG.passwordRequired }).max(1000, 'Too long.'));
const token = z.string(REQUIRED).min(1, MSG.required).max(500, 'Invalid token.');

/**
 * The registration form; `today` bounds the birth date. A route's schema is built once, so a route passes the clock
 * (`() => ctx.clock.now()`), read at each parse.
 */
export function registrationSchema(today: Date | (() => Date)) {
  return z
    .object({
      email: text, password, password2: text, first_name: text, last_name: text,
      title: z.preprocess((v) => (v === undefined || v === '' ? null : v), z.string().max(1000).nullable()),
      birth_date: text, phone_number: text, terms_agreement: flag, vat_enabled: flag, vat_number: text, company_name: text,
    })
    .superRefine((form, zctx) => {
      for (const [path, messages] of Object.entries(registrationErrors(form, typeof today === 'function' ? today() : today))) {
        for (const message of messages) zctx.addIssue({ code: 'custom', path: [path], message });
      }
    });
}

export const loginSchema = z.object({
  email: text.refine((v) => v.trim() !== '', MSG.required),
  password: password.refine((v) => v !== '', MSG.passwordRequired),
  remember_me: flag,
});

export const refreshSchema = z.object({ refresh: token });
/** The refresh call's body: the token, or nothing when the refresh cookie carries it. */
export const refreshRequestSchema = z.object({ refresh: token.optional() });
export const tokenSchema = z.object({ token });
export const emailSchema = z.object({ email: text });

export const resetConfirmSchema = z.object({ token, password });
export const setPasswordSchema = z.object({ current_password: password, new_password: password });

/** PATCH /api/users/{id}/: profile and notification settings (other fields of the user are ignored). */
export const profilePatchSchema = z.object({
  first_name: z.string().max(1000).optional(),
  last_name: z.string().max(1000).optional(),
  phone_number: z.string().max(1000).optional(),
  /** DD/MM/YYYY or YYYY-MM-DD; only while the profile has none (the account rules say so). */
  birth_date: z.string({ error: MSG.birthFormat }).max(1000).optional(),
  title: z.string().max(1000).nullable().optional(),
  audio_cue: z.enum(AUDIO_CUES, { error: 'Choose one of the audio cues.' }).optional(),
  is_audio_cues: z.boolean({ error: 'Must be true or false.' }).optional(),
  promotional_email: z.boolean({ error: 'Must be true or false.' }).optional(),
});

/**
 * Staff record a fee paid by bank transfer or in store. Without a method the fee is a bank payment: the event then
 * carries none (as before card payments) and the users read model shows 'bank' for a fee a staff member recorded.
 */
export const feePaidSchema = z.object({
  method: z.enum(['bank', 'in_store'], { error: 'Choose bank or in_store.' }).optional(),
  reference: z.string().max(200).optional(),
}).optional();
