/**
 * A value as PostgreSQL's jsonb gives it back: object keys shorter first, then bytewise (jsonb's storage order).
 * An answer built from a decision (instead of read back from a jsonb column of a read model) passes its JSON
 * objects through this, so it is byte for byte the answer the read model would have given.
 */
export function asJsonb<T>(value: T): T {
  if (Array.isArray(value)) return value.map(asJsonb) as T;
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort((a, b) => {
    const la = Buffer.byteLength(a), lb = Buffer.byteLength(b);
    return la !== lb ? la - lb : Buffer.compare(Buffer.from(a), Buffer.from(b));
  });
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = asJsonb(v);
  }
  return out as T;
}
