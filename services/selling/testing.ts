/** Shared pieces of the sell-request tests. */
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import type { TestUser } from '../testing/users';
import { call } from '../accounts/testing';
import { DAY } from '../checkout/testing';

/** An auction staff create through the API, starting `startInDays` after `now`, taking bottles until `deadlineInDays`. */
export async function staffAuction(t: TestApp, staff: TestUser, now: Date, startInDays: number, deadlineInDays: number): Promise<{ id: string }> {
  const start = new Date(now.getTime() + startInDays * DAY);
  const res = await call(t, 'POST', '/api/staff/auctions/', {
    start_date: start.toISOString(), end_date: new Date(start.getTime() + 7 * DAY).toISOString(),
    bottles_add_deadline: new Date(now.getTime() + deadlineInDays * DAY).toISOString(),
  }, { user: staff });
  assert.is(res.statusCode, 201, res.body);
  return res.json() as { id: string };
}
