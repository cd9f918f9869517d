/**
 * `npm run restore -- <file>`: restores a backup (services/backup/restore.ts) into DATABASE_URL's database, which must
 * be new and empty, or into the embedded one of DATA_DIR, which must be new (a DATA_DIR without a postgres folder
 * yet); the backup's files go into DATA_DIR. Then every read model is rebuilt from the events. Run
 * `npm run audit:verify` after it, then start the house. docs/backup-restore.md.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../infra/config/config';
import { resolveDatabase } from '../infra/db/connect';
import { createDb } from '../infra/db/database';
import { restoreBackup } from '../services/backup/restore';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <backup file>   (into DATABASE_URL, or the embedded database of DATA_DIR)');
  process.exit(2);
}
const config = loadConfig();
const target = await resolveDatabase(config, (m) => console.log(m), { attach: true });
const db = createDb(target.url, 2);
let code = 1;
try {
  const started = Date.now();
  const report = await restoreBackup(db, { file: positionals[0], dataDir: config.dataDir, onProgress: (m) => console.log(`  ${m}`) });
  const { feed } = report.header;
  console.log(`Restored the backup of ${report.header.created_at} in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
    `${feed.events} events, ${report.rebuilt.length} read models rebuilt. Next: npm run audit:verify`);
  code = 0;
} catch (error) {
  console.error('Restore failed:', error instanceof Error ? error.message : error);
} finally {
  await db.destroy();
  await target.stop();
}
process.exit(code);
