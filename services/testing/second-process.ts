/** A second server process on the test app's database and clock: its own pools, projection runner and in-memory parts. */
import { createContext, type AppContext } from '../context';
import type { TestApp } from './harness';

export function startSecondProcess(t: TestApp): AppContext {
  const ctx = createContext(t.ctx.config, t.database.url, { clock: t.clock, poolSize: 5 });
  ctx.projections.start();
  return ctx;
}

export async function stopSecondProcess(ctx: AppContext): Promise<void> {
  await ctx.projections.stop();
  await ctx.signIn.db.destroy();
  await ctx.db.destroy();
}
