/**
 * Demo accounts for development (`npm start` outside production): a staff user and a buyer who has paid the
 * registration fee. Created once through the normal account commands; later starts find them and do nothing.
 */
import type { AppContext } from '../context';
import type { Config } from '../../infra/config/config';
import { ValidationError } from '../../domain/shared/errors';
import { createAccount, type AccountInput } from './create-account';
import { findUserIdByEmail } from './lookup';

export const DEMO_USERS: (AccountInput & { email: string; password: string; role: string })[] = [
  {
    role: 'staff', email: 'staff@whisky.test', password: 'Staff!Dram2026', staff: true, fee_paid: true, verified: true,
    profile: { first_name: 'Sam', last_name: 'Staff', phone_number: '07400 900001', birth_date: '1980-01-01' },
  },
  {
    role: 'buyer', email: 'buyer@whisky.test', password: 'Buyer!Dram2026', fee_paid: true, verified: true,
    profile: { first_name: 'Bea', last_name: 'Buyer', phone_number: '07400 900002', birth_date: '1985-06-15' },
  },
];

/**
 * Demo accounts exist only in development with the demo seed on: never in production, never in tests, not with
 * SEED_ON_START=false (docs/security.md, "Production defaults").
 */
export function demoAccountsWanted(config: Pick<Config, 'production'>, env: NodeJS.ProcessEnv = process.env): boolean {
  return !config.production && env.NODE_ENV !== 'test' && env.SEED_ON_START !== 'false';
}

/** The start output's line saying what this mode exposes (demo accounts, the development mailbox). */
export function modeLine(config: Pick<Config, 'production' | 'smtpUrl'>, env: NodeJS.ProcessEnv = process.env): string {
  if (config.production) return 'Production mode: no demo accounts, no development mailbox';
  const demo = demoAccountsWanted(config, env) ? 'demo accounts on (SEED_ON_START=false turns them off)' : 'no demo accounts (SEED_ON_START=false)';
  const mailbox = config.smtpUrl ? 'emails go to SMTP_URL' : 'development mailbox on /api/dev/mailbox/ for loopback callers only';
  return `Development mode (NODE_ENV=production for a public server): ${demo}; ${mailbox}`;
}

/** In production: say loudly when an earlier development run left a demo account (its password is public). */
export async function warnOfDemoAccounts(ctx: AppContext): Promise<void> {
  for (const user of DEMO_USERS) {
    if (!(await findUserIdByEmail(ctx, user.email))) continue;
    ctx.log.warn(`Demo account ${user.email} exists in this production database (its password is published): change its password or block it`);
  }
}

export async function ensureDemoUsers(ctx: AppContext): Promise<void> {
  for (const user of DEMO_USERS) {
    if (await findUserIdByEmail(ctx, user.email)) continue;
    try {
      await createAccount(ctx, { ...user, by: 'demo-seed' }, { user_id: 'system' });
    } catch (error) {
      // Another process created it at the same moment: that is the outcome we wanted.
      if (!(error instanceof ValidationError)) throw error;
    }
  }
  // Fixed, public demo credentials (never created in production), so a developer can sign in at once.
  const list = DEMO_USERS.map((u) => `${u.role}: ${u.email} / ${u.password}`).join('   ');
  ctx.log.info(`Demo accounts (development only)   ${list}`);
}
