/**
 * The keys of writes that failed in a way that may pass (no answer, 429, 5xx), by what they sent: the server may have
 * carried such a write out, so the same write sent again (the person presses again) is the same attempt under the
 * same key, and the server answers it once. Any other answer ends the attempt: the next identical write is a new one
 * (a second identical wallet credit, say). What was sent is kept only as a digest. Used by http.ts for every write
 * that brings no key of its own.
 */
const openAttempts = new Map<string, string>();
const MAX_OPEN_ATTEMPTS = 50;

export interface Attempt { id: string; key: string }

/** cyrb53: a 53-bit digest of what a write sent (a collision only costs a 409 "key used for a different request"). */
function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The attempt of this write (`sent`: its method, address and body): the open one's key, or a new key. */
export function openAttempt(sent: string, newKey: () => string): Attempt {
  const id = digest(sent);
  return { id, key: openAttempts.get(id) ?? newKey() };
}

/** After the write's answer: kept open when its failure may pass (`keep`), else done with. */
export function closeAttempt(attempt: Attempt, keep: boolean): void {
  openAttempts.delete(attempt.id);
  if (!keep) return;
  openAttempts.set(attempt.id, attempt.key);
  if (openAttempts.size > MAX_OPEN_ATTEMPTS) openAttempts.delete(openAttempts.keys().next().value as string);
}
