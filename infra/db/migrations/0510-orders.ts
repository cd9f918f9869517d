import { sql, type Kysely } from 'kysely';

/**
 * order_numbers: the running number in an order's human reference ("WA-2026-000123", services/orders/order-numbers.ts).
 * Taken before the order is placed, so a refused placement leaves a gap (numbers are unique, not gapless). Not a read
 * model: nothing to rebuild (the number is in OrderPlaced).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE order_numbers START 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP SEQUENCE order_numbers`.execute(db);
}
