/** Turning a failed call into the text a person reads (spec 1, section 8) and per-field messages. */
interface FailedCall {
  /** HTTP status; absent when no response arrived. */
  status?: number;
  /** Parsed JSON body, or the raw text when the body was not JSON. */
  data?: unknown;
  /** True when the body was JSON. */
  json?: boolean;
  /** The network error's message when no response arrived. */
  networkMessage?: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function firstText(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.length ? firstText(v[0]) : null;
  if (isObj(v)) {
    for (const key of ['detail', 'message', 'msg', 'description']) {
      if (typeof v[key] === 'string') return v[key] as string;
    }
  }
  return null;
}

const human = (field: string) => {
  const s = field.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};

export function errorText(call: FailedCall): string {
  if (call.status === undefined) return call.networkMessage || 'Server Error';
  const { data } = call;
  if (!call.json && typeof data === 'string') return `Server Error With Status ${call.status}`;
  if (typeof data === 'string') return data || 'Server error';
  if (Array.isArray(data)) return firstText(data) ?? 'Server error';
  if (isObj(data)) {
    for (const key of ['detail', 'message', 'msg']) {
      if (typeof data[key] === 'string' && data[key]) return data[key] as string;
    }
    if (Array.isArray(data.errors)) {
      const withDescription = data.errors.find((e) => isObj(e) && typeof e.description === 'string');
      if (withDescription) return (withDescription as { description: string }).description;
    }
    for (const [field, value] of Object.entries(data)) {
      const text = firstText(value);
      if (text) return field === 'non_field_errors' ? text : `${human(field)}: ${text}`;
    }
  }
  return 'Server error';
}

/** `{"field": ["message"]}` -> `{field: "message"}`; non-field messages are left out. */
export function fieldErrors(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObj(data)) return out;
  for (const [field, value] of Object.entries(data)) {
    if (['detail', 'message', 'msg', 'errors', 'non_field_errors', 'code'].includes(field)) continue;
    const text = firstText(value);
    if (text) out[field] = text;
  }
  return out;
}

/**
 * A failure in words for a toast (what a person can do about it), never the server's technical text: "Please sign in
 * again to download your order" rather than "Authentication credentials were not provided.". The server's own words
 * are kept where they are written for people: a refusal of the request itself (400, 404, 409, 402), e.g. "You have
 * already used this voucher code.". `action` completes "Please sign in again to …" ("download your order").
 */
export function friendlyFailure(error: unknown, action: string): string {
  const e = (error ?? {}) as { status?: number; message?: string };
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (status === undefined) return 'We could not reach the auction house. Please check your connection and try again.';
  if (status === 401) return `Please sign in again to ${action}.`;
  if (status === 403) return `Your account cannot ${action}. Please sign in with the account that can.`;
  if (status === 429) return 'Too many attempts just now. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  const text = (e.message ?? '').trim();
  return text && !/^Server Error/i.test(text) ? text : `We could not ${action}. Please try again.`;
}

/**
 * The server's field messages, flattened to dotted keys: `{billing_address: {zip_code: ["..."]}}` and
 * `{"billing_address.zip_code": ["..."]}` both give `billing_address.zip_code`. Card fields are also found under
 * payment_method.details.
 */
export function flatFieldErrors(data: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObj(data)) return out;
  for (const [key, value] of Object.entries(data)) {
    if (!prefix && ['detail', 'message', 'msg', 'code', 'non_field_errors'].includes(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else if (Array.isArray(value)) {
      const first = value.find((v) => typeof v === 'string');
      if (typeof first === 'string') out[path] = first;
      else if (isObj(value[0])) Object.assign(out, flatFieldErrors(value[0], path));
    } else if (isObj(value)) Object.assign(out, flatFieldErrors(value, path));
  }
  return out;
}
