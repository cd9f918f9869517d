/**
 * "Has this bidder paid the registration fee?" on the hot path. Once true it never goes back, so a true answer is
 * kept in memory for good and later bids by that user cost no query. A false answer from the read model is checked
 * against the account stream (the read model may lag a fee paid a moment ago) and is never cached: the user may pay
 * at any moment, possibly through another process.
 */
import type { AppContext } from '../context';
import { isRegistrationFeePaid } from '../accounts/queries';
import { loadAccount } from '../accounts/lookup';

const MAX_REMEMBERED = 1_000_000;

export class FeeStatus {
  private readonly paid = new Set<string>();

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'commands'>) {}

  async isPaid(userId: string): Promise<boolean> {
    if (this.paid.has(userId)) return true;
    const paid = (await isRegistrationFeePaid(this.ctx.db, userId)) || (await loadAccount(this.ctx, userId)).state.feePaid;
    if (paid && this.paid.size < MAX_REMEMBERED) this.paid.add(userId);
    return paid;
  }
}
