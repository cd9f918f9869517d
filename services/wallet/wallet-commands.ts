/**
 * Running wallet commands and reading a wallet, for this slice's routes and for other slices (withdrawals,
 * checkout). A single-stream change goes through `runWalletCommand`; a change that must happen together with another
 * stream (a withdrawal and its hold) uses `walletStreamRef` with `walletDecider` in infra/commands/multi-stream.ts.
 */
import type { AppContext } from '../context';
import type { CommandOutcome } from '../../infra/commands/command-handler';
import type { StreamRef } from '../../infra/commands/multi-stream';
import type { AppendResult, EventMetadata } from '../../infra/event-store/types';
import { walletDecider, type WalletState } from '../../domain/wallet/decide';
import type { WalletCommand } from '../../domain/wallet/commands';
import { walletStream, type WalletEvent } from '../../domain/wallet/events';
import { penceToDecimal, type Pence } from '../../domain/shared/money';
import '../../projections/wallet/tables';
import { awaitViews } from '../../infra/http/read-your-writes';
import type { WalletAnswer } from './schemas';

export function runWalletCommand(
  ctx: Pick<AppContext, 'commands'>, userId: string, command: WalletCommand, metadata: EventMetadata = {},
): Promise<CommandOutcome<WalletState, WalletEvent>> {
  // The stream is chosen by userId; a command naming another wallet would write its events into the wrong ledger.
  if (command.user_id !== userId) throw new Error(`Wallet command for ${command.user_id} sent to the wallet of ${userId}`);
  return ctx.commands.handle(walletStream(userId), walletDecider, command, metadata);
}

/** The wallet stream of a user, for handleMany. */
export function walletStreamRef(userId: string): StreamRef {
  return { streamId: walletStream(userId), decider: walletDecider };
}

/** Waits (bounded, never failing) for the read models to apply an append; false when they are still behind. */
export function awaitWalletProjected(ctx: Pick<AppContext, 'projections' | 'config'>, append: AppendResult | null): Promise<boolean> {
  return awaitViews(ctx, append);
}

/** A wallet as the read model shows it, in pence. */
export interface WalletView {
  user_id: string;
  /** Stream version the read model reflects (0: no events yet). */
  version: number;
  posted_pence: Pence;
  pending_pence: Pence;
  /** posted - pending: what the user may spend or withdraw. */
  available_pence: Pence;
  overdraft_limit_pence: Pence;
  /** limit + min(0, available). */
  overdraft_remaining_pence: Pence;
  updated_at: string | null;
}

export function toWalletView(userId: string, row: { version: number; balance_pence: number; pending_pence: number; overdraft_limit_pence: number; updated_at: Date | null } | null | undefined): WalletView {
  const posted = Number(row?.balance_pence ?? 0);
  const pendingPence = Number(row?.pending_pence ?? 0);
  const limit = Number(row?.overdraft_limit_pence ?? 0);
  const availablePence = posted - pendingPence;
  return {
    user_id: userId, version: row?.version ?? 0, posted_pence: posted, pending_pence: pendingPence, available_pence: availablePence,
    overdraft_limit_pence: limit, overdraft_remaining_pence: limit + Math.min(0, availablePence),
    updated_at: row?.updated_at ? row.updated_at.toISOString() : null,
  };
}

/** The wallet from the read model; a user without wallet events has a zero wallet. */
export async function walletView(ctx: Pick<AppContext, 'db'>, userId: string): Promise<WalletView> {
  const row = await ctx.db.selectFrom('wallets')
    .select(['version', 'balance_pence', 'pending_pence', 'overdraft_limit_pence', 'updated_at'])
    .where('user_id', '=', userId).executeTakeFirst();
  return toWalletView(userId, row);
}

export function walletAnswer(view: WalletView): WalletAnswer {
  return {
    id: view.user_id,
    balance: penceToDecimal(view.available_pence),
    balance_incl_pending: penceToDecimal(view.posted_pence),
    overdraft_remaining: penceToDecimal(view.overdraft_remaining_pence),
    overdraft_limit: penceToDecimal(view.overdraft_limit_pence),
    currency: 'GBP',
  };
}
