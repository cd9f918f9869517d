/**
 * The projections thread: the same ProjectionRunner with every projection, on this thread's event loop and its own
 * pool. On the bid process's loop each of a projection's statements waits a turn of a loop the bids keep busy (20-40
 * ms at saturation), so during a bid storm the read models fell behind by the whole storm; here they wait for
 * PostgreSQL only. The main thread says when it appended; this thread says where each projection stands after every
 * pass (the main thread's read-your-writes answer from that).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDb } from '../../infra/db/database';
import { EventStore } from '../../infra/event-store/event-store';
import { assertNever } from '../../domain/shared/decider';
import { ProjectionRunner } from '../runner';
import { allProjections } from '../index';
import type { FromProjectionsThread, ProjectionsThreadStart, ToProjectionsThread } from './protocol';

const port = parentPort!;
const start = workerData as ProjectionsThreadStart;
const post = (message: FromProjectionsThread) => port.postMessage(message);

const db = createDb(start.databaseUrl, start.poolSize, start.silenceLimitMs ?? undefined);
const log = { error: (fields: { err?: unknown }, message: string) => post({ type: 'log', message, error: describe(fields.err) }) };
const runner = new ProjectionRunner(db, new EventStore(db), allProjections, log, {
  onPass: (positions, newEvents) => post({ type: 'progress', positions, newEvents }),
});

port.on('message', (message: ToProjectionsThread) => {
  switch (message.type) {
    case 'wake':
      if (message.appended) runner.appended();
      else runner.wake();
      return;
    case 'catch-up':
      runner.catchUp().then(() => post({ type: 'done', id: message.id }), (error: unknown) => post({ type: 'done', id: message.id, error: describe(error) }));
      return;
    case 'stop':
      void stop();
      return;
    default:
      return assertNever(message);
  }
});

async function stop(): Promise<void> {
  await runner.stop();
  await db.destroy().catch(() => undefined);
  post({ type: 'stopped' });
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

runner.start();
post({ type: 'ready' });
