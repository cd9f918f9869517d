/** Live channel reconnection policy (spec 1, sections 4 and 9). */
export const LIVE = {
  minDelay: 2_000,
  maxDelay: 10_000,
  maxRetries: 10,
  connectTimeout: 4_000,
  /** A connection that stayed up this long resets the retry count. */
  minUptime: 5_000,
} as const;

/** Delay before retry number `attempt` (1-based): grows from 2 s to 10 s, with jitter, never outside [2 s, 10 s]. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = LIVE.minDelay * 1.5 ** Math.max(0, attempt - 1);
  const jittered = base * (0.85 + 0.3 * random());
  return Math.round(Math.min(LIVE.maxDelay, Math.max(LIVE.minDelay, jittered)));
}

export const canRetry = (attempt: number) => attempt <= LIVE.maxRetries;

/** The websocket address of a channel: same host, ws or wss by page protocol; token only when given. */
export function channelUrl(origin: { protocol: string; host: string }, channel: string, ticket: string, token?: string | null): string {
  const scheme = origin.protocol === 'https:' ? 'wss' : 'ws';
  const q = new URLSearchParams({ ticket });
  if (token) q.set('token', token);
  return `${scheme}://${origin.host}/ws/${channel}/?${q.toString()}`;
}
