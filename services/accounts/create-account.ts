/**
 * Creating an account: the user's first events and the email claim (`user-email-<email>`, expected version
 * `no_stream`) are appended in one transaction, so of any number of parallel registrations of one email exactly one
 * succeeds; the others get the usual field error. `within` adds work to that transaction (verification token, email).
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { AppendResult, EventMetadata } from '../../infra/event-store/types';
import { WrongExpectedVersion } from '../../infra/event-store/types';
import { ValidationError } from '../../domain/shared/errors';
import { decideAll } from '../../domain/accounts/decide';
import type { AccountCommand } from '../../domain/accounts/commands';
import { emailClaimStream, normaliseEmail, userStream, type AccountEvent, type EmailClaimed, type Profile, type SocialProvider } from '../../domain/accounts/events';
import { MSG } from '../../domain/accounts/rules';
import { REGISTRATION_FEE_PENCE } from '../../domain/accounts/register-user';
import { findUserIdByEmail } from './lookup';
import type { Db } from '../../infra/db/database';

// The fee is a product rule (domain); re-exported for this slice's users.
export { REGISTRATION_FEE_PENCE };

export interface AccountInput {
  email: string;
  /** Either the password (hashed here, through the bounded queue: callers check their throttles first) or a hash. */
  password?: string;
  password_hash?: string;
  profile?: Partial<Profile>;
  verified?: boolean;
  staff?: boolean;
  /** The read-only auditor role. */
  auditor?: boolean;
  fee_paid?: boolean;
  /** Who creates it: 'self' (sign-up, social sign-in), 'script', 'demo-seed', 'test'. */
  by?: string;
  /** Made by signing in with a provider: the identity is linked in the same append. */
  social?: { provider: SocialProvider; subject: string };
}

interface CreatedAccount { user_id: string; events: AccountEvent[]; append: AppendResult }

const DEFAULT_PROFILE: Profile = {
  first_name: '', last_name: '', title: null, phone_number: '', birth_date: null, vat_enabled: false, vat_number: '',
  company_name: '', audio_cue: 'audio_1', is_audio_cues: true, promotional_email: false,
};

export async function createAccount(
  ctx: AppContext,
  input: AccountInput,
  metadata: EventMetadata = {},
  within?: (trx: Db, created: { user_id: string; first_event_id: string }) => Promise<void>,
  /** Runs after the cheap checks and before the hash (a sign-up throttle). */
  beforeHash?: () => Promise<void>,
): Promise<CreatedAccount> {
  const email = normaliseEmail(input.email);
  if (await findUserIdByEmail(ctx, email)) throw new ValidationError({ email: [MSG.emailTaken] });
  await beforeHash?.();
  const password_hash = input.password_hash ?? (await ctx.passwords.hash(input.password ?? ''));
  const user_id = randomUUID();
  const events = decideAll(commandsFor(input, user_id, password_hash, ctx.clock.now().toISOString()));
  const meta = { user_id: input.by === 'self' ? user_id : null, ...metadata };
  const stored = events.map((e) => ({ event_id: randomUUID(), type: e.type, data: e.data, metadata: meta }));
  const claim: EmailClaimed = { type: 'EmailClaimed', data: { email, user_id, claimed_at: ctx.clock.now().toISOString() } };
  try {
    const append = await ctx.db.transaction().execute(async (trx) => {
      await ctx.store.append(emailClaimStream(email), 'no_stream', [{ event_id: randomUUID(), ...claim, metadata: meta }], trx);
      const result = await ctx.store.append(userStream(user_id), 'no_stream', stored, trx);
      await within?.(trx, { user_id, first_event_id: stored[0].event_id });
      return result;
    });
    ctx.store.notifyAppended();
    return { user_id, events, append };
  } catch (error) {
    if (error instanceof WrongExpectedVersion && error.streamId === emailClaimStream(email)) {
      throw new ValidationError({ email: [MSG.emailTaken] });
    }
    throw error;
  }
}

function commandsFor(input: AccountInput, user_id: string, password_hash: string, now: string): AccountCommand[] {
  const by = input.by ?? 'system';
  const commands: AccountCommand[] = [
    { type: 'RegisterUser', user_id, email: input.email, password_hash, profile: { ...DEFAULT_PROFILE, ...input.profile }, now },
  ];
  if (input.verified) commands.push({ type: 'VerifyEmail', now });
  if (input.social) {
    commands.push({ type: 'LinkSocialIdentity', ...input.social, email: input.email, unusable_password_hash: password_hash, now });
  }
  if (input.staff) commands.push({ type: 'SetStaff', is_staff: true, by, now });
  if (input.auditor) commands.push({ type: 'SetAuditor', is_auditor: true, by, now });
  if (input.fee_paid) commands.push({ type: 'RecordRegistrationFeePaid', amount_pence: REGISTRATION_FEE_PENCE, reference: null, by, now });
  return commands;
}
