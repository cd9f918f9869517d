/** Human order references: "WA-<year of placing>-<running number, 6 digits or more>" (sequence: migration 0510). */
import { sql } from 'kysely';
import type { AppContext } from '../context';

function formatOrderNumber(year: number, n: number): string {
  return `WA-${year}-${String(n).padStart(6, '0')}`;
}

export async function nextOrderNumber(ctx: Pick<AppContext, 'db'>, now: Date): Promise<string> {
  const { rows } = await sql<{ n: string }>`SELECT nextval('order_numbers') AS n`.execute(ctx.db);
  return formatOrderNumber(now.getUTCFullYear(), Number(rows[0].n));
}
