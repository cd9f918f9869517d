import type { Logger } from 'pino';
import { createLogger } from '../infra/logger';
import type { Config } from '../infra/config/config';
import { createDb, createSidePool, LEASED_SILENCE_LIMIT_MS, poolStats, silenceLimitOf, type Db } from '../infra/db/database';
import { EventStore } from '../infra/event-store/event-store';
import { CommandHandler } from '../infra/commands/command-handler';
import { ProjectionRunner, type Projections } from '../projections/runner';
import { ProjectionsThread } from '../projections/thread/projections-thread';
import { allProjections } from '../projections/index';
import { TokenService, loadOrCreateSigningKey } from '../infra/auth/tokens';
import type { Authenticate } from '../infra/http/auth';
import { createAuthenticate } from './accounts/authenticate';
import { LiveHub } from './live/hub';
import { PasswordWork } from './accounts/password-work';
import { SignInThread } from './accounts/sign-in-thread/sign-in-thread';
import { Metrics } from '../infra/metrics/metrics';
import { projectionLag } from '../infra/metrics/projection-lag';
import { outboxStats } from '../infra/mail/outbox-stats';
import { paymentStats } from './payments/payment-stats';
import { systemClock, type Clock } from '../infra/clock';

// The clock is infrastructure (infra/clock.ts); re-exported for the slices that take it from here.
export { systemClock, type Clock } from '../infra/clock';

/** Everything a request handler or worker needs, built once per process (and once per test file). */
export interface AppContext {
  config: Config;
  /** The database `db` connects to (also when embedded): the live signal opens its own LISTEN connection to it. */
  databaseUrl: string;
  log: Logger;
  db: Db;
  /**
   * Trusted sign-ins' own small pool, with a store and command reader on it (createSidePool): such a login's
   * throttle checks, account read and new session never wait for a connection behind bids, pages or a login flood.
   */
  signIn: { db: Db; store: EventStore; commands: CommandHandler };
  /**
   * Trusted sign-ins' own thread (SIGN_IN_THREAD, on by default; null when off): started and closed with the app by
   * the accounts feature (docs/accounts.md, "Sign-ins on their own thread").
   */
  signInThread: SignInThread | null;
  store: EventStore;
  commands: CommandHandler;
  /** The read models' runner: on a thread of its own (PROJECTIONS_THREAD) or in this process. */
  projections: Projections;
  tokens: TokenService;
  clock: Clock;
  /** Resolves the caller of a request; the accounts slice replaces the token-only default with a session check. */
  authenticate: Authenticate;
  /** The live websocket connections of this process (the live slice installs the real hub). */
  live: LiveConnections;
  /** The one bounded queue every password hash and check of a request goes through (services/accounts/password-work.ts). */
  passwords: PasswordWork;
  /** This process's Prometheus metrics (infra/metrics): slices record through it; /metrics serves it. */
  metrics: Metrics;
}

export interface LiveConnections {
  /** Closes every socket of the user in this process (logout, password change). */
  disconnectUser(userId: string): void;
}

// The logger lives in its own module (scripts load it without the whole context); re-exported for its users.
export { createLogger, redactUrl } from '../infra/logger';

export function createContext(config: Config, databaseUrl: string, options: { clock?: Clock; log?: Logger; poolSize?: number } = {}): AppContext {
  const log = options.log ?? createLogger(config);
  const db = createDb(databaseUrl, options.poolSize ?? 10, config.lotLeases ? LEASED_SILENCE_LIMIT_MS : undefined);
  const store = new EventStore(db);
  const signInDb = createSidePool(db, databaseUrl, 2);
  const signInStore = new EventStore(signInDb);
  const clock = options.clock ?? systemClock;
  const secret = loadOrCreateSigningKey(config.tokenSecret, config.dataDir);
  const tokens = new TokenService(secret, () => clock.now());
  const passwords = new PasswordWork(config.passwordHashing);
  const signInThread = config.signInThread
    ? new SignInThread({ config, databaseUrl, secret, poolSize: 2, silenceLimitMs: silenceLimitOf(db) ?? null, params: passwords.params }, log)
    : null;
  const ctx: AppContext = {
    config,
    databaseUrl,
    log,
    db,
    signIn: { db: signInDb, store: signInStore, commands: new CommandHandler(signInStore) },
    signInThread,
    store,
    commands: new CommandHandler(store),
    projections: config.projectionsThread
      ? new ProjectionsThread(store, { databaseUrl, poolSize: 3, silenceLimitMs: silenceLimitOf(db) ?? null }, log)
      : new ProjectionRunner(db, store, allProjections, log),
    tokens,
    clock,
    authenticate: createAuthenticate({ tokens, db, clock }),
    live: new LiveHub(),
    passwords,
    metrics: new Metrics(),
  };
  // The gauges' sources, read when Prometheus scrapes (the leases are added by services/cluster/node.ts).
  const hub = ctx.live as LiveHub;
  const names = ctx.projections.projections.map((p) => p.name);
  ctx.metrics.provide({
    pool: () => poolStats(db),
    projections: () => projectionLag(db, names),
    live: () => hub.stats(),
    outbox: () => outboxStats(db),
    payments: () => paymentStats(db, clock.now()),
  });
  return ctx;
}
