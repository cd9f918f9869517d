/**
 * The HTTP client: JSON in and out, bearer token from memory (api/tokens), 60 s timeout, and on a 401/403 one token
 * refresh (shared by concurrent callers) and one retry of the failed request. If the refresh fails the token is
 * dropped and, unless blocked (10 s after a logout), the session-expired hook runs (logout state + Login modal).
 * Every call carries X-CSRF: the server accepts its refresh cookie only on calls that do (a cross-site form cannot).
 */
import { closeAttempt, openAttempt, type Attempt } from './open-attempts';
import { errorText, fieldErrors } from '../lib/error-text';
import { clearTokens, getAccess, setAccess } from './tokens';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly data: unknown,
    readonly fields: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query | string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the bearer token and handle 401/403 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 60_000;

/**
 * Read-your-writes (docs/api.md): the highest `Event-Position` any answer carried is sent back as `Read-After` on
 * later reads of /api/, so the server holds the read (briefly) until its views show that write. Free when they do.
 */
let readAfter: { xid: bigint; position: bigint; text: string } | null = null;

function notePosition(value: string | null): void {
  const match = value ? /^(\d{1,20}):(\d{1,19})$/.exec(value.trim()) : null;
  if (!match) return;
  const xid = BigInt(match[1]), position = BigInt(match[2]);
  if (readAfter && (xid < readAfter.xid || (xid === readAfter.xid && position <= readAfter.position))) return;
  readAfter = { xid, position, text: `${match[1]}:${match[2]}` };
}

/** The position reads wait for (tests, and callers using fetch directly). */
export const readAfterHeader = (): string | null => readAfter?.text ?? null;
let blockedUntil = 0;
let refreshing: Promise<boolean> | null = null;
let onSessionExpired: () => void = () => {};

/** After a logout, 401/403 answers neither refresh nor open the Login modal for `ms`. */
export const blockAuthInterceptor = (ms: number): void => {
  blockedUntil = Date.now() + ms;
};
const blocked = () => Date.now() < blockedUntil;
export const setSessionExpiredHandler = (fn: () => void): void => {
  onSessionExpired = fn;
};

function buildQuery(query: Query | string | undefined): string {
  if (!query) return '';
  if (typeof query === 'string') return query ? `?${query.replace(/^\?/, '')}` : '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((x) => { q.append(k, String(x)); });
    else q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

interface Raw {
  status: number;
  ok: boolean;
  data: unknown;
  json: boolean;
  /**
   * The server's "this request was already carried out; its answer was lost" (a 200 whose body is a sentence, not
   * the route's answer: infra/http/idempotency-keys.ts). It rejects with that sentence, for the page to show.
   */
  carriedOut: boolean;
}

async function send(path: string, o: RequestOptions, token: string | null): Promise<Raw> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRF': '1', ...o.headers };
  if (o.body !== undefined) headers['Content-Type'] = 'application/json';
  if ((o.method ?? 'GET') === 'GET' && readAfter && /^\/api\//.test(path)) headers['Read-After'] = readAfter.text;
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('The request timed out', 'TimeoutError')), TIMEOUT_MS);
  const signal = o.signal && 'any' in AbortSignal ? AbortSignal.any([o.signal, timeout.signal]) : (o.signal ?? timeout.signal);
  try {
    const res = await fetch(path + buildQuery(o.query), {
      method: o.method ?? 'GET',
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal,
      credentials: 'same-origin',
    });
    notePosition(res.headers.get('Event-Position'));
    const text = await res.text();
    let data: unknown = text;
    let json = false;
    if (text) {
      try {
        data = JSON.parse(text);
        json = true;
      } catch {
        /* a plain text body */
      }
    } else {
      data = null;
      json = true;
    }
    return { status: res.status, ok: res.ok, data, json, carriedOut: res.headers.get('Idempotent-Carried-Out') === 'true' };
  } catch (e) {
    if (o.signal?.aborted) throw e;
    const message = e instanceof Error ? (e.name === 'TimeoutError' ? 'The request timed out' : e.message) : '';
    throw new ApiError(errorText({ networkMessage: message }), undefined, null, {});
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The server's readable `signed_in=1` cookie goes with its HttpOnly refresh cookie (services/accounts/refresh-cookie.ts):
 * without it there is no session to refresh, and the page need not ask before its first call.
 */
export const hasSessionHint = (): boolean => typeof document !== 'undefined' && /(?:^|;\s*)signed_in=1(?:;|$)/.test(document.cookie);

/** The server said there is no refresh cookie (or a dead one): no use asking again until someone signs in. */
let noCookieSession = false;
export const cookieSessionStarted = (): void => {
  noCookieSession = false;
};

/**
 * POST /api/auth/refresh_token with an empty body: the browser sends the HttpOnly refresh cookie, the server rotates
 * it (a new cookie) and answers data.data.access, kept in memory. Tabs share the cookie, and one cookie presented
 * twice counts as theft (the session is revoked), so refreshes of every tab of this site run one at a time (a Web
 * Lock); each then sends the cookie its predecessor left.
 */
export function refreshTokens(): Promise<boolean> {
  if (refreshing) return refreshing;
  if (noCookieSession) return Promise.resolve(false);
  const once = () => send('/api/auth/refresh_token', { method: 'POST', body: {} }, null);
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  const sent: Promise<Raw> = locks ? locks.request('auth-refresh', once) : once();
  refreshing = sent
    .then((r) => {
      const d = (r.data ?? {}) as { data?: { access?: string }; access?: string };
      const access = d.data?.access ?? d.access;
      if (!r.ok || !access) {
        if (r.status === 400 || r.status === 401) noCookieSession = true;
        return false;
      }
      setAccess(access);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

const isAuthCall = (path: string) => /\/api\/auth\/(login|refresh_token|register|verify_email|password_reset)/.test(path);

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain http on another host is not a secure context: no randomUUID, but getRandomValues is there.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Every write carries an Idempotency-Key (the caller's own, or one made here), so the retries below — after a token
 * refresh, or once after the network lost the answer — can never carry the write out twice: the server replays its
 * first answer (docs/architecture.md, "Idempotency keys"). A key made here is the open attempt's of the same write,
 * if one failed in a way that may pass. Sign-in calls are left as they are.
 */
function withKey(path: string, o: RequestOptions): { o: RequestOptions; attempt: Attempt | null } {
  if ((o.method ?? 'GET') === 'GET' || isAuthCall(path)) return { o, attempt: null };
  if (o.headers && Object.keys(o.headers).some((h) => h.toLowerCase() === 'idempotency-key')) return { o, attempt: null };
  const attempt = openAttempt(`${o.method} ${path}${buildQuery(o.query)}\n${JSON.stringify(o.body ?? null)}`, newIdempotencyKey);
  return { o: { ...o, headers: { ...o.headers, 'Idempotency-Key': attempt.key } }, attempt };
}

/** A keyed write whose answer the network lost is sent once more, with the same key. */
async function sendOnceMore(path: string, o: RequestOptions, token: string | null): Promise<Raw> {
  try {
    return await send(path, o, token);
  } catch (e) {
    const keyed = (o.method ?? 'GET') !== 'GET' && o.headers?.['Idempotency-Key'] !== undefined;
    if (!keyed || o.signal?.aborted || !(e instanceof ApiError) || /timed out/i.test(e.message)) throw e;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return send(path, o, token);
  }
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { o, attempt } = withKey(path, options);
  try {
    const data = await requestKeyed<T>(path, o);
    if (attempt) closeAttempt(attempt, false);
    return data;
  } catch (e) {
    if (attempt) closeAttempt(attempt, mayPass(e));
    throw e;
  }
}

async function requestKeyed<T>(path: string, o: RequestOptions): Promise<T> {
  const auth = o.auth !== false;
  // A refresh under way (the page load's, or another call's) brings the token this call should carry.
  if (auth && !getAccess() && refreshing) await refreshing;
  const token = auth ? getAccess() : null;
  let r = await sendOnceMore(path, o, token);
  if ((r.status === 401 || r.status === 403) && auth && !isAuthCall(path) && !blocked()) {
    if (await refreshTokens()) {
      r = await send(path, o, getAccess());
    } else if (token || r.status === 401) {
      const hadSession = !!token;
      onSessionExpired();
      clearTokens();
      // A public read still answers without the stale token.
      if (hadSession && (o.method ?? 'GET') === 'GET') r = await send(path, o, null);
    }
  }
  if (!r.ok || r.carriedOut) throw new ApiError(errorText(r), r.status, r.data, fieldErrors(r.data));
  return r.data as T;
}

/** A failure that may pass by itself: no answer (the network, a timeout), too many requests, or the server's own error. */
export const mayPass = (e: unknown) => e instanceof ApiError && (e.status === undefined || e.status === 429 || e.status >= 500);

/** A 404 answer: for lists, read as "nothing here yet". */
export const isNotFound = (e: unknown) => e instanceof ApiError && e.status === 404;

export const get = <T = unknown>(path: string, query?: Query | string, o: RequestOptions = {}) =>
  request<T>(path, { ...o, method: 'GET', query });
export const post = <T = unknown>(path: string, body?: unknown, o: RequestOptions = {}) =>
  request<T>(path, { ...o, method: 'POST', body: body ?? {} });
export const patch = <T = unknown>(path: string, body?: unknown, o: RequestOptions = {}) =>
  request<T>(path, { ...o, method: 'PATCH', body: body ?? {} });
export const del = <T = unknown>(path: string, query?: Query | string, o: RequestOptions = {}) =>
  request<T>(path, { ...o, method: 'DELETE', query });
