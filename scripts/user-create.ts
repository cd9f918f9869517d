/**
 * `npm run user:create -- --email E --password P [--staff] [--auditor] [--fee-paid] [--first-name F --last-name L]`
 * Creates a verified account through the same account commands as sign-up, on DATABASE_URL or the embedded database.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../infra/config/config';
import { createContext, createLogger } from '../services/context';
import { resolveDatabase } from '../infra/db/connect';
import { migrateToLatest } from '../infra/db/migrate';
import { createAccount } from '../services/accounts/create-account';
import { validateEmail, validatePassword } from '../domain/accounts/rules';
import { DomainError, ValidationError } from '../domain/shared/errors';
import { awaitViews } from '../infra/http/read-your-writes';

/** How long the script waits for the users view to show the new account before it says so and exits 0. */
const USERS_VIEW_WAIT_MS = 10_000;

const USAGE = 'Usage: npm run user:create -- --email E --password P [--staff] [--auditor] [--fee-paid] [--first-name F --last-name L]';

const { values } = parseArgs({
  options: {
    email: { type: 'string' }, password: { type: 'string' }, staff: { type: 'boolean', default: false }, auditor: { type: 'boolean', default: false },
    'fee-paid': { type: 'boolean', default: false }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const email = values.email ?? fail(USAGE);
const password = values.password ?? fail(USAGE);
const problem = validateEmail(email) ?? validatePassword(password);
if (problem) fail(`Refused: ${problem}`);

const config = loadConfig();
const target = await resolveDatabase(config, (m) => console.log(m));
const ctx = createContext(config, target.url, { log: createLogger({ ...config, logLevel: 'warn' }), poolSize: 2 });
let exitCode = 0;
try {
  await migrateToLatest(ctx.db);
  const created = await createAccount(ctx, {
    email, password, verified: true, staff: values.staff, auditor: values.auditor, fee_paid: values['fee-paid'], by: 'script',
    profile: { first_name: values['first-name'] ?? '', last_name: values['last-name'] ?? '' },
  }, { user_id: 'system' });
  // Committed: from here on the answer is success, whatever the read models do.
  console.log(`Created ${values.staff ? 'staff ' : ''}${values.auditor ? 'auditor ' : ''}user ${email.trim().toLowerCase()} (${created.user_id}).`);
  // Only the users view matters to this account (not the rest of the backlog, e.g. a seed's), and only for a while.
  const shown = await awaitViews(ctx, created.append, { only: ['users'], waitMs: USERS_VIEW_WAIT_MS });
  if (!shown) {
    console.warn('Warning: the users view is still catching up; the server shows the account once it has (nothing to redo).');
    // The runner may still be mid-batch when the pool closes below: that is the server's work, not a failure here.
    ctx.log.level = 'silent';
  }
} catch (error) {
  if (error instanceof ValidationError) exitCode = report(Object.values(error.fields).flat().join(' '));
  else if (error instanceof DomainError) exitCode = report(error.message);
  else throw error;
} finally {
  await ctx.db.destroy();
  await target.stop();
}
process.exit(exitCode);

function report(message: string): number {
  console.error(`Refused: ${message}`);
  return 1;
}
