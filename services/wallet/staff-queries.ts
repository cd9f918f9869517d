/** Staff views of wallets: every user with their wallet (zero when it has no events yet). */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { penceToDecimal } from '../../domain/shared/money';
import { toWalletView, type WalletView } from './wallet-commands';
import { staffTransactionAnswer } from './transactions';
import type { StaffWalletDetail, StaffWalletRow } from './schemas';

const RECENT_TRANSACTIONS = 20;

interface UserWalletRow {
  id: string; email: string; first_name: string; last_name: string;
  version: number | null; balance_pence: number | null; pending_pence: number | null; overdraft_limit_pence: number | null; updated_at: Date | null;
}

function staffRow(row: UserWalletRow): { row: StaffWalletRow; view: WalletView } {
  const view = toWalletView(row.id, row.version === null ? null : {
    version: row.version, balance_pence: row.balance_pence ?? 0, pending_pence: row.pending_pence ?? 0,
    overdraft_limit_pence: row.overdraft_limit_pence ?? 0, updated_at: row.updated_at,
  });
  return {
    view,
    row: {
      user_id: row.id, email: row.email, first_name: row.first_name, last_name: row.last_name,
      balance: penceToDecimal(view.available_pence), balance_incl_pending: penceToDecimal(view.posted_pence),
      overdraft_limit: penceToDecimal(view.overdraft_limit_pence), overdraft_remaining: penceToDecimal(view.overdraft_remaining_pence),
    },
  };
}

function usersWithWallets(ctx: Pick<AppContext, 'db'>) {
  return ctx.db.selectFrom('users').leftJoin('wallets', 'wallets.user_id', 'users.id');
}

const COLUMNS = [
  'users.id', 'users.email', 'users.first_name', 'users.last_name', 'wallets.version', 'wallets.balance_pence',
  'wallets.pending_pence', 'wallets.overdraft_limit_pence', 'wallets.updated_at',
] as const;

/** `%` and `_` typed by staff are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Wallets most recently moved first, then users without wallet activity by email. */
export async function listStaffWallets(ctx: Pick<AppContext, 'db'>, search: string, page: number, pageSize: number): Promise<{ rows: StaffWalletRow[]; count: number }> {
  let base = usersWithWallets(ctx);
  if (search) {
    const pattern = likePattern(search);
    base = base.where((eb) => eb.or([
      eb('users.email', 'ilike', pattern),
      eb('users.first_name', 'ilike', pattern),
      eb('users.last_name', 'ilike', pattern),
      eb(sql<string>`users.first_name || ' ' || users.last_name`, 'ilike', pattern),
    ]));
  }
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    base.select([...COLUMNS])
      .orderBy(sql`wallets.updated_at DESC NULLS LAST`)
      .orderBy('users.email')
      .limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return { rows: rows.map((r) => staffRow(r as UserWalletRow).row), count: Number(count) };
}

/** One user's wallet and recent transactions; undefined when there is no such user. */
export async function staffWalletDetail(ctx: Pick<AppContext, 'db'>, userId: string): Promise<StaffWalletDetail | undefined> {
  const user = await usersWithWallets(ctx).select([...COLUMNS]).where('users.id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const transactions = await ctx.db.selectFrom('wallet_transactions').selectAll().where('user_id', '=', userId)
    .orderBy('stream_version', 'desc').limit(RECENT_TRANSACTIONS).execute();
  const { row, view } = staffRow(user as UserWalletRow);
  return {
    id: userId, ...row, pending: penceToDecimal(view.pending_pence), currency: 'GBP', updated_at: view.updated_at,
    transactions: transactions.map(staffTransactionAnswer),
  };
}
