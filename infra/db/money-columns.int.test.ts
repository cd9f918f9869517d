/**
 * Every amount in pence is a bigint column: an `integer` holds at most £21,474,836.47, below what one order can reach
 * (three lots at the £10M bid ceiling, with premium). The payment tables had `integer` until 2026-11-29, and a card
 * order of £32M failed at the provider's insert after the order was placed (services/orders/card-orders.int.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../services/testing/harness';
import { createDb, type Db } from './database';

let database: TestDatabase;
let db: Db;

test.before(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 1);
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

interface Column { table_name: string; column_name: string; data_type: string }

const penceColumns = async () => (await sql<Column>`
  SELECT table_name, column_name, data_type FROM information_schema.columns
  WHERE table_schema = 'public' AND column_name LIKE '%pence%' ORDER BY table_name, column_name`.execute(db)).rows;

test('every pence column of the migrated schema is a bigint', async () => {
  const columns = await penceColumns();
  assert.ok(columns.length >= 20, `the schema's amounts are found (${columns.length})`);
  assert.equal(columns.filter((c) => c.data_type !== 'bigint').map((c) => `${c.table_name}.${c.column_name} ${c.data_type}`), []);
});

test('the check sees an integer amount', async () => {
  await sql`CREATE TABLE probe_amounts (amount_pence integer)`.execute(db);
  try {
    assert.ok((await penceColumns()).some((c) => c.table_name === 'probe_amounts' && c.data_type === 'integer'));
  } finally {
    await sql`DROP TABLE probe_amounts`.execute(db);
  }
});

test.run();
