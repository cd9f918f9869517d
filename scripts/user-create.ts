/**
 * `npm run user:create -- --email E --password P [--staff] [--auditor] [--fee-paid] [--first-name F --last-name L]`
 * Creates a verified account through the same account commands as sign-up, on DATABASE_URL or the embedded database.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../services/config';
import { createContext, createLogger } from '../services/context';
import { resolveDatabase } from '../services/db/connect';
import { migrateToLatest } from '../services/db/migrate';
import { createAccount } from '../services/accounts/create-account';
import { validateEmail, validatePassword } from '../domain/account/rules';
import { DomainError, ValidationError } from '../domain/shared/errors';

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
  await ctx.projections.settle();
  console.log(`Created ${values.staff ? 'staff ' : ''}${values.auditor ? 'auditor ' : ''}user ${email.trim().toLowerCase()} (${created.user_id}).`);
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
