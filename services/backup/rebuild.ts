import type { Db } from '../../infra/db/database';
import { allProjections } from '../../projections/index';
import { ProjectionRunner } from '../../projections/runner';
import { EventStore } from '../../infra/event-store/event-store';

/**
 * Every read model applied from the beginning of the feed (their tables are empty and their checkpoints gone after a
 * restore), through the projection runner itself, so the rebuilt rows are the ones a running house writes. Nothing
 * else writes meanwhile, so larger batches than the live runner's are fine. Checks that each one reached the feed's
 * last event.
 */
export async function rebuildReadModels(db: Db, progress: (message: string) => void = () => {}): Promise<string[]> {
  // catchUp (unlike the runner's own loop) throws a failed batch at its caller: the restore fails with it.
  const store = new EventStore(db);
  const runner = new ProjectionRunner(db, store, allProjections, { error: () => {} }, { batchSize: 1000 });
  progress(`rebuilding ${allProjections.length} read models from the events`);
  await runner.catchUp();
  const last = await store.lastCommitted();
  if (last && !runner.reached(last)) {
    throw new Error('a read model did not reach the last event after the rebuild');
  }
  progress('read models rebuilt');
  return allProjections.map((p) => p.name);
}
