/** Running account commands from request handlers and other slices, with read-your-writes on the users table. */
import type { AppContext } from '../context';
import type { CommandOutcome } from '../../infra/commands/command-handler';
import type { AppendResult, EventMetadata } from '../../infra/event-store/types';
import { accountDecider } from '../../domain/accounts/decide';
import type { AccountCommand } from '../../domain/accounts/commands';
import { userStream, type AccountEvent } from '../../domain/accounts/events';
import type { AccountState } from '../../domain/accounts/state';
import { REGISTRATION_FEE_PENCE } from './create-account';
import { awaitViews } from '../../infra/http/read-your-writes';

export async function runAccountCommand(
  ctx: Pick<AppContext, 'commands'>, userId: string, command: AccountCommand, metadata: EventMetadata = {},
): Promise<CommandOutcome<AccountState, AccountEvent>> {
  return ctx.commands.handle(userStream(userId), accountDecider, command, metadata);
}

/** Waits until the read models have applied the last event of an append (no-op when nothing was appended). */
export async function awaitProjected(ctx: AppContext, append: AppendResult | null): Promise<void> {
  const last = append?.events[append.events.length - 1];
  await awaitViews(ctx, last);
}

/**
 * Records the one-off registration fee as paid (staff endpoint, and the card payment flow once the provider
 * confirms). Paying twice records nothing new. Resolves once `users.registration_fee_status` shows it.
 */
export async function recordRegistrationFeePaid(
  ctx: AppContext, userId: string, payment: { by: string; reference?: string | null; amount_pence?: number }, metadata: EventMetadata = {},
): Promise<void> {
  const outcome = await runAccountCommand(ctx, userId, {
    type: 'RecordRegistrationFeePaid', amount_pence: payment.amount_pence ?? REGISTRATION_FEE_PENCE,
    reference: payment.reference ?? null, by: payment.by, now: ctx.clock.now().toISOString(),
  }, metadata);
  await awaitProjected(ctx, outcome.append);
}
