/**
 * Demo accounts for development (`npm start` outside production): a staff user and a buyer who has paid the
 * registration fee. Created once through the normal account commands; later starts find them and do nothing.
 */
import type { AppContext } from '../context';
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
