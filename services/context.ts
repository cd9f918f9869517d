import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { createDb, LEASED_SILENCE_LIMIT_MS, type Db } from './db/database';
import { EventStore } from './event-store/event-store';
import { CommandHandler } from './commands/command-handler';
import { ProjectionRunner } from '../projections/runner';
import { allProjections } from '../projections/index';
import { TokenService, loadOrCreateSigningKey } from './auth/tokens';
import type { Authenticate } from './http/auth';
import { createAuthenticate } from './accounts/authenticate';
import { LiveHub } from './live/hub';
import { PasswordWork } from './accounts/password-work';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Everything a request handler or worker needs, built once per process (and once per test file). */
export interface AppContext {
  config: Config;
  /** The database `db` connects to (also when embedded): the live signal opens its own LISTEN connection to it. */
  databaseUrl: string;
  log: Logger;
  db: Db;
  store: EventStore;
  commands: CommandHandler;
  projections: ProjectionRunner;
  tokens: TokenService;
  clock: Clock;
  /** Resolves the caller of a request; the accounts slice replaces the token-only default with a session check. */
  authenticate: Authenticate;
  /** The live websocket connections of this process (the live slice installs the real hub). */
  live: LiveConnections;
  /** The one bounded queue every password hash and check of a request goes through (services/accounts/password-work.ts). */
  passwords: PasswordWork;
}

export interface LiveConnections {
  /** Closes every socket of the user in this process (logout, password change). */
  disconnectUser(userId: string): void;
}

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.query.token',
  'req.query.ticket',
  '*.password',
  '*.password2',
  '*.card_number',
  '*.cvv',
  '*.cvc',
  '*.expiry_date',
  '*.code',
  '*.token',
  '*.refresh',
  '*.access',
];

/**
 * Query parameters that carry secrets (emailed links, websocket credentials, the sandbox's 3-D Secure challenge
 * token `t`): their values never reach the logs.
 */
const SECRET_QUERY = /([?&](?:token|ticket|submit_token|reset_token|temp_token|access|refresh|t)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** `destination` is for tests that read the lines; by default pino writes to stdout. */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remoteAddress?: string; remotePort?: number } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export function createContext(config: Config, databaseUrl: string, options: { clock?: Clock; log?: Logger; poolSize?: number } = {}): AppContext {
  const log = options.log ?? createLogger(config);
  const db = createDb(databaseUrl, options.poolSize ?? 10, config.lotLeases ? LEASED_SILENCE_LIMIT_MS : undefined);
  const store = new EventStore(db);
  const clock = options.clock ?? systemClock;
  const tokens = new TokenService(loadOrCreateSigningKey(config.tokenSecret, config.dataDir), () => clock.now());
  const ctx: AppContext = {
    config,
    databaseUrl,
    log,
    db,
    store,
    commands: new CommandHandler(store),
    projections: new ProjectionRunner(db, store, allProjections, log),
    tokens,
    clock,
    authenticate: createAuthenticate({ tokens, db, clock }),
    live: new LiveHub(),
    passwords: new PasswordWork(config.passwordHashing),
  };
  return ctx;
}
