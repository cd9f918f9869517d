/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
import { loadConfig } from '../services/config';
import { resolveDatabase } from '../services/db/connect';
import { createDb } from '../services/db/database';
import { migrateToLatest } from '../services/db/migrate';

const config = loadConfig();
const target = await resolveDatabase(config, (m) => console.log(m));
const db = createDb(target.url, 1);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await db.destroy();
  await target.stop();
}
