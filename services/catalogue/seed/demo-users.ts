/**
 * The demo house's people: the accounts slice's demo staff and buyer, plus demo sellers and bidders, all created
 * through the accounts slice's real commands (createAccount). Existing accounts are found by email and reused.
 */
import type { AppContext } from '../../context';
import { createAccount } from '../../accounts/create-account';
import { ensureDemoUsers, DEMO_USERS } from '../../accounts/demo-users';
import { findUserIdByEmail } from '../../accounts/lookup';
import { hashPassword } from '../../accounts/passwords';
import { ValidationError } from '../../../domain/shared/errors';

/** Development only, like the accounts slice's demo credentials (never created in production). */
export const SEED_PASSWORD = 'Demo!Dram2026';

export interface SeedUsers {
  staffId: string;
  /** Paid-up bidders (the accounts slice's demo buyer first). */
  bidderIds: string[];
  sellerIds: string[];
}

interface Person { email: string; first: string; last: string; feePaid: boolean }

const SELLERS: Person[] = [
  { email: 'seller@whisky.test', first: 'Sandy', last: 'Seller', feePaid: false },
  { email: 'cellar.master@whisky.test', first: 'Morag', last: 'Campbell', feePaid: false },
  { email: 'collector@whisky.test', first: 'Hamish', last: 'MacLeod', feePaid: false },
];

const BIDDERS: Person[] = [
  ['Alasdair', 'Grant'], ['Fiona', 'Stewart'], ['Kenji', 'Sato'], ['Siobhan', 'Murphy'], ['Marcus', 'Webb'], ['Ingrid', 'Larsen'], ['Tom', 'Baxter'],
].map(([first, last], i) => ({ email: `bidder${i + 1}@whisky.test`, first: first!, last: last!, feePaid: true }));

async function findOrCreate(ctx: AppContext, person: Person, passwordHash: () => Promise<string>): Promise<string> {
  const existing = await findUserIdByEmail(ctx, person.email);
  if (existing) return existing;
  try {
    const created = await createAccount(
      ctx,
      {
        email: person.email,
        password_hash: await passwordHash(),
        profile: { first_name: person.first, last_name: person.last, phone_number: '07400 900100', birth_date: '1975-05-05' },
        verified: true,
        fee_paid: person.feePaid,
        by: 'demo-seed',
      },
      { user_id: 'system' },
    );
    return created.user_id;
  } catch (error) {
    // Created by another process at the same moment: use that one.
    const raced = error instanceof ValidationError ? await findUserIdByEmail(ctx, person.email) : null;
    if (raced) return raced;
    throw error;
  }
}

export async function ensureSeedUsers(ctx: AppContext): Promise<SeedUsers> {
  await ensureDemoUsers(ctx);
  let hash: Promise<string> | null = null;
  // scrypt is slow on purpose: one hash (with its salt) serves every demo account.
  const passwordHash = () => (hash ??= hashPassword(SEED_PASSWORD));
  const idOf = async (email: string) => (await findUserIdByEmail(ctx, email))!;
  const staffId = await idOf(DEMO_USERS.find((u) => u.staff)!.email);
  const demoBuyer = await idOf(DEMO_USERS.find((u) => !u.staff)!.email);
  const sellerIds: string[] = [];
  for (const p of SELLERS) sellerIds.push(await findOrCreate(ctx, p, passwordHash));
  const bidderIds = [demoBuyer];
  for (const p of BIDDERS) bidderIds.push(await findOrCreate(ctx, p, passwordHash));
  return { staffId, bidderIds, sellerIds };
}
