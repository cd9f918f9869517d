/**
 * Payout-method access (spec 2 section 4: confirming an access code sets a confirmed flag). The server decides;
 * this only remembers, for the tab, that it said yes and until when (15 minutes), so the screen does not ask again.
 */
import { proxy } from 'valtio';
import { serverNow } from './clock';

export const payoutAccess = proxy({
  userId: null as string | null,
  confirmed: false,
  expiresAt: null as string | null,
  /** Why access was closed (the server's 403 detail), shown above the code form. */
  reason: '',
});

export function grantAccess(userId: string, expiresAt: string | null | undefined): void {
  payoutAccess.userId = userId;
  payoutAccess.confirmed = true;
  payoutAccess.expiresAt = expiresAt ?? null;
  payoutAccess.reason = '';
}

export function revokeAccess(reason = ''): void {
  payoutAccess.confirmed = false;
  payoutAccess.expiresAt = null;
  payoutAccess.reason = reason;
}

/** Confirmed for this user and not yet past its end on the server's clock. */
export function hasAccess(a: { userId: string | null; confirmed: boolean; expiresAt: string | null }, userId: string, now = serverNow()): boolean {
  if (a.userId !== userId || !a.confirmed) return false;
  const end = a.expiresAt ? Date.parse(a.expiresAt) : NaN;
  return Number.isNaN(end) || end > now;
}
