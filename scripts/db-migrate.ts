/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
import { loadConfig } from '../infra/config/config';
import { resolveDatabase } from '../infra/db/connect';
import { createDb } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';

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
