/** Picks the live signal: NATS when NATS_URL is set, PostgreSQL LISTEN/NOTIFY otherwise. */
import type { Logger } from 'pino';
import { NatsSignal } from './nats-signal';
import { PgSignal } from './pg-signal';
import { natsSubject, type LiveSignal } from './signal';

interface SignalOptions {
  databaseUrl: string;
  natsUrl: string | null;
  log: Logger;
}

export function createLiveSignal(options: SignalOptions): LiveSignal {
  return options.natsUrl
    ? new NatsSignal(options.natsUrl, natsSubject(options.databaseUrl), options.log)
    : new PgSignal(options.databaseUrl, options.log);
}

