import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { limitSettings, type LimitSettings } from './limit-settings';

/** Every setting the server reads, from environment variables (documented in the README). */
export interface Config {
  port: number;
  host: string;
  /** Null means: run the embedded PostgreSQL kept in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  smtpUrl: string | null;
  /** `MAIL_LOCAL=true`: without SMTP_URL, emails stay in the outbox table undelivered (production must choose it). */
  mailLocal: boolean;
  mailFrom: string;
  /** Base64url secret for signing tokens; null means generated once and kept in the data folder. */
  tokenSecret: string | null;
  publicUrl: string;
  production: boolean;
  logLevel: string;
  /** Trust X-Forwarded-For (only behind a proxy that sets it, or clients could pick their own address). */
  trustProxy: boolean;
  /** The card payment provider (`PAYMENT_PROVIDER`): only 'sandbox' ships (services/payments/provider.ts). */
  paymentProvider: string;
  /** `NATS_URL`: carries the live feed's cross-process signal; null = PostgreSQL LISTEN/NOTIFY (docs/live.md). */
  natsUrl: string | null;
  /** `PROCESSES` (or `WEB_CONCURRENCY`): server processes `npm start` forks with node:cluster (docs/scale.md). */
  processes: number;
  /** `LOT_LEASES`: one writer per lot across processes and machines; on by default when `processes` > 1. */
  lotLeases: boolean;
  /** Where the other processes reach this one (forwarded bids): `INTERNAL_HOST`, `INTERNAL_PORT` (0: any free port). */
  internalHost: string;
  internalPort: number;
  /** `ADVERTISE_HOST`: the name the others use for this process (e.g. its container's name). */
  advertiseHost: string | null;
  /** `COMMIT_TICKS`: cross-lot commit ticks in flight at once (docs/bidding.md); 0 = each lot commits alone. */
  commitTicks: number;
  /**
   * `SERVER_ROLE`: `all` (the default: API, websockets, projections, schedulers), `live` (only the websocket channels
   * and the feed that tails the event store, so their fan-out runs beside the bid process, not in it) or `api`
   * (everything but the websockets: it only signals its appends to the live nodes). docs/scale.md, "Live nodes".
   */
  role: ServerRole;
  /**
   * `IDEMPOTENCY_LEASE_MS`: how long a request holds its Idempotency-Key without renewing it (renewed every third of
   * it while it runs). A process killed mid-request stops renewing; a retry takes the key over after this long.
   */
  idempotencyLeaseMs: number;
  /** `REDIS_URL`: the abuse limits' counters live in Redis; null = in PostgreSQL (services/limits). */
  redisUrl: string | null;
  /** `RATE_LIMIT_PREFIX`: the Redis key prefix (several deployments, or test runs, on one Redis). */
  rateLimitPrefix: string;
  /** `RATE_LIMIT_<NAME>=<hits>/<seconds>` for each abuse limit (infra/config/limit-settings.ts). */
  rateLimits: LimitSettings;
  /**
   * Sign-in with Google: `GOOGLE_CLIENT_ID` (null = off), the key set its ID tokens are checked against, and the
   * Google Identity Services script the client loads (`GOOGLE_GSI_URL`; the CSP allows what it needs).
   */
  google: { clientId: string | null; jwksUrl: string; scriptUrl: string };
  /**
   * Sign-in with Facebook: `FACEBOOK_APP_ID` + `FACEBOOK_APP_SECRET` (either missing = off), the Graph API's base URL,
   * and the JavaScript SDK the client loads (`FACEBOOK_SDK_URL`; the CSP allows what it needs).
   */
  facebook: { appId: string | null; appSecret: string | null; graphUrl: string; sdkUrl: string };
  /**
   * Password hashes at once, waiting at most, and the longest wait (`PASSWORD_HASH_CONCURRENCY`,
   * `PASSWORD_HASH_QUEUE`, `PASSWORD_HASH_WAIT_MS`); past them a login answers 503 (docs/accounts.md).
   */
  passwordHashing: { concurrency: number; maxQueued: number; maxWaitMs: number; nice: number; promptPerSecond: number };
  /**
   * `SIGN_IN_THREAD`: trusted sign-ins run on a worker thread with its own pool, off the bid process's event loop
   * (docs/accounts.md, "Sign-ins on their own thread"); on by default, `0` (or false/off/no) keeps them in-process.
   */
  signInThread: boolean;
  /**
   * `PROJECTIONS_THREAD=1`: the read models are kept on a worker thread with its own pool, off the bid process's event
   * loop: fresh read models during a bid storm, for less of the two cores left to the bids (docs/architecture.md,
   * "Projections"; docs/benchmarks.md, "Read models during a bid storm"). Off by default.
   */
  projectionsThread: boolean;
  /**
   * `VIEWS_WAIT_MS`: how long a committed write (or a read with `Read-After`) waits for the read models before it
   * answers anyway, with `Views-Catching-Up: true` (infra/http/read-your-writes.ts). Never a reason to fail.
   */
  viewsWaitMs: number;
  /**
   * `METRICS_TOKEN`: the bearer token `GET /metrics` on the public port asks for; null = /metrics is not served there
   * (404). The internal listener, when the process has one, serves /metrics without it (docs/operations.md).
   */
  metricsToken: string | null;
  /** `READY_MAX_LAG_SECONDS`: /ready answers 503 while a projection trails the feed by more than this (default 5). */
  readyMaxLagSeconds: number;
  /** `LOG_FORMAT`: `pretty` (readable lines) or `json`; by default pretty when stdout is a terminal. */
  logFormat: 'pretty' | 'json';
  /**
   * `RENDER_CACHE_DIR`: where the demo seed keeps its rendered pictures by content (services/content/render-cache.ts),
   * shared by every process and test app on the machine; null (`off`) renders every picture every time.
   */
  renderCacheDir: string | null;
}

export type ServerRole = 'all' | 'api' | 'live';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const processes = Math.max(1, Math.floor(Number(env.PROCESSES ?? env.WEB_CONCURRENCY ?? 1)) || 1);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(process.cwd(), '.data'));
  const role = serverRole(env.SERVER_ROLE);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir,
    smtpUrl: env.SMTP_URL || null,
    mailLocal: /^(1|true|on|yes)$/i.test(env.MAIL_LOCAL ?? ''),
    mailFrom: env.MAIL_FROM ?? 'Hartley & Reid Whisky Auctions <no-reply@whisky-auction.local>',
    tokenSecret: env.TOKEN_SECRET || null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    paymentProvider: env.PAYMENT_PROVIDER || 'sandbox',
    natsUrl: env.NATS_URL || null,
    processes,
    commitTicks: commitTicks(env.COMMIT_TICKS),
    // A live node writes no lot: it never takes a lease.
    lotLeases: role === 'live' ? false : env.LOT_LEASES ? /^(1|true|on|yes)$/i.test(env.LOT_LEASES) : processes > 1,
    internalHost: env.INTERNAL_HOST || '127.0.0.1',
    internalPort: Number(env.INTERNAL_PORT ?? 0),
    advertiseHost: env.ADVERTISE_HOST || null,
    role,
    idempotencyLeaseMs: Math.max(1000, Number(env.IDEMPOTENCY_LEASE_MS ?? 30_000) || 30_000),
    redisUrl: env.REDIS_URL || null,
    rateLimitPrefix: env.RATE_LIMIT_PREFIX || 'wa:rl:',
    rateLimits: limitSettings(env),
    google: {
      clientId: env.GOOGLE_CLIENT_ID || null,
      jwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
      scriptUrl: env.GOOGLE_GSI_URL || 'https://accounts.google.com/gsi/client',
    },
    facebook: {
      appId: env.FACEBOOK_APP_ID || null,
      appSecret: env.FACEBOOK_APP_SECRET || null,
      graphUrl: (env.FACEBOOK_GRAPH_URL || 'https://graph.facebook.com/v19.0').replace(/\/$/, ''),
      sdkUrl: env.FACEBOOK_SDK_URL || 'https://connect.facebook.net/en_US/sdk.js',
    },
    passwordHashing: passwordHashing(env),
    signInThread: !/^(0|false|off|no)$/i.test(env.SIGN_IN_THREAD ?? ''),
    projectionsThread: projectionsThread(env),
    viewsWaitMs: viewsWaitMs(env.VIEWS_WAIT_MS),
    metricsToken: env.METRICS_TOKEN || null,
    readyMaxLagSeconds: readyMaxLag(env.READY_MAX_LAG_SECONDS),
    logFormat: logFormat(env.LOG_FORMAT),
    renderCacheDir: renderCacheDir(env.RENDER_CACHE_DIR, env),
  };
}

function projectionsThread(env: NodeJS.ProcessEnv): boolean {
  const value = env.PROJECTIONS_THREAD ?? '';
  if (/^(1|true|on|yes)$/i.test(value)) return true;
  if (/^(0|false|off|no)$/i.test(value) || value === '') return false;
  throw new Error(`PROJECTIONS_THREAD must be 1 or 0 (true/false, on/off, yes/no), not "${value}"`);
}

/**
 * By default one hashing thread per core but one, so the event loop (bids, pages) and PostgreSQL keep a core whatever
 * the logins do, and those threads at nice 19, the lowest: on a busy machine they get the CPU the rest leaves over
 * (nice 10 let a flood's hashes hold the CPU longer against the bids; docs/benchmarks.md, "Hashing at nice 19"). A queue of 16
 * hashes per thread (about 0.3 s of waiting at the measured 18 ms an argon2id hash) and a 2 s limit for when the
 * machine is so busy that hashes take far longer: a login then answers 503 + Retry-After instead of waiting on.
 */
function passwordHashing(env: NodeJS.ProcessEnv): Config['passwordHashing'] {
  const whole = (name: string, fallback: number, min: number): number => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number from ${min}, not "${value}"`);
    return n;
  };
  const concurrency = whole('PASSWORD_HASH_CONCURRENCY', Math.max(1, os.availableParallelism() - 1), 1);
  return {
    concurrency,
    maxQueued: whole('PASSWORD_HASH_QUEUE', 16 * concurrency, 0),
    maxWaitMs: whole('PASSWORD_HASH_WAIT_MS', 2_000, 0),
    nice: Math.min(19, whole('PASSWORD_HASH_NICE', 19, 0)),
    // Trusted logins' checks at normal priority (accounts/prompt-lane.ts): 8 a second is ~0.15 of a core at the
    // measured 18 ms a hash, far above the sign-ins of an auction night and small beside the bids' share.
    promptPerSecond: whole('PASSWORD_PROMPT_PER_SECOND', 8, 0),
  };
}

/** Milliseconds, 0 (answer at once) to 60 s; anything else is a mistake worth stopping for. */
function viewsWaitMs(value: string | undefined): number {
  if (value === undefined || value === '') return 3_000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 60_000) throw new Error(`VIEWS_WAIT_MS must be a whole number of milliseconds from 0 to 60000, not "${value}"`);
  return n;
}

function readyMaxLag(value: string | undefined): number {
  if (value === undefined || value === '') return 5;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > 3600) throw new Error(`READY_MAX_LAG_SECONDS must be a number of seconds above 0 and at most 3600, not "${value}"`);
  return n;
}

function logFormat(value: string | undefined): 'pretty' | 'json' {
  if (value === undefined || value === '') return process.stdout.isTTY ? 'pretty' : 'json';
  if (value === 'pretty' || value === 'json') return value;
  throw new Error(`LOG_FORMAT must be "pretty" or "json", not "${value}"`);
}

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The user's cache folder by default (`$XDG_CACHE_HOME` or `~/.cache`, then `whisky-auction/renders`): it outlives
 * `npm ci`, which empties node_modules, and a fresh clone, so CI on a clean clone and a second checkout draw from the
 * same pictures (entries are keyed by content and recipe, so checkouts can share them). Without a home folder, the
 * project's node_modules/.cache.
 */
function renderCacheDir(value: string | undefined, env: NodeJS.ProcessEnv): string | null {
  if (value === undefined || value === '') {
    const base = userCacheDir(env);
    if (base) return path.join(base, 'whisky-auction', 'renders');
    return path.join(PROJECT_ROOT, 'node_modules', '.cache', 'whisky-renders');
  }
  if (/^(0|false|off|no)$/i.test(value)) return null;
  return path.resolve(value);
}

/** `$XDG_CACHE_HOME` when it is absolute (XDG says to ignore a relative one), else `~/.cache`; null without a home. */
function userCacheDir(env: NodeJS.ProcessEnv): string | null {
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)) return env.XDG_CACHE_HOME;
  return os.homedir() ? path.join(os.homedir(), '.cache') : null;
}

function serverRole(value: string | undefined): ServerRole {
  if (value === undefined || value === '') return 'all';
  if (value === 'all' || value === 'api' || value === 'live') return value;
  throw new Error(`SERVER_ROLE must be "all", "api" or "live", not "${value}"`);
}

/** Ticks in flight: a whole number from 0 (off) to 16; anything else is a mistake worth stopping for. */
function commitTicks(value: string | undefined): number {
  if (value === undefined || value === '') return 2;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 16) throw new Error(`COMMIT_TICKS must be a whole number from 0 to 16, not "${value}"`);
  return n;
}
