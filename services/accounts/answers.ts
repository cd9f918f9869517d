/** The answers of the accounts endpoints (zod): the user as the API shows it, and the sign-in answers. */
import { z } from 'zod';

/** The user as the API shows it (docs/api.md "User"): settings flat on the user. */
const userAnswer = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string().nullable(),
  phone_number: z.string(),
  birth_date: z.string().nullable(),
  is_staff: z.boolean(),
  is_auditor: z.boolean(),
  is_verified: z.boolean(),
  is_completed: z.boolean(),
  unpaid_lots_to_notify: z.boolean(),
  vat_enabled: z.boolean(),
  vat_number: z.string(),
  company_name: z.string(),
  audio_cue: z.string(),
  is_audio_cues: z.boolean(),
  promotional_email: z.boolean(),
  registration_fee_status: z.boolean(),
}).meta({ id: 'User' });
export type UserView = z.infer<typeof userAnswer>;

/** The signed-in user with their email opt-outs (the notifications slice's). */
export const currentUserAnswer = userAnswer.extend({ email_opt_outs: z.array(z.string()) }).meta({ id: 'CurrentUser' });

/** A sign-in: the tokens (the refresh token also goes in the cookie) and the user's roles. */
export const signedInAnswer = z.object({
  access: z.string(),
  refresh: z.string(),
  is_staff: z.boolean(),
  is_auditor: z.boolean().optional(),
}).meta({ id: 'SignedIn' });

export const passwordChangedAnswer = signedInAnswer.extend({ detail: z.string() });

/** A rotated refresh: API clients get the new refresh token in the body, the web client only in its cookie. */
export const refreshedAnswer = z.object({ data: z.object({ access: z.string(), refresh: z.string().optional() }) });

export const wsTicketAnswer = z.object({ ticket_uuid: z.string() });

export const staffUserAnswer = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_verified: z.boolean(),
  is_staff: z.boolean(),
  registration_fee_status: z.boolean(),
  registration_fee_paid_at: z.string().nullable(),
  registered_at: z.string(),
});
export type StaffUserRow = z.infer<typeof staffUserAnswer>;

/** A social sign-in: the sign-in, whether the account was just made, and the user. */
export const socialSignedInAnswer = signedInAnswer.extend({ created: z.boolean(), is_completed: z.boolean(), user: userAnswer });
