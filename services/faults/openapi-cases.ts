/**
 * Bad requests generated from the API's own OpenAPI document (GET /api/docs/json), for the bad-input fault test.
 * Each case is either `invalid` (it breaks the documented schema in a way no handler may accept: a wrong type, a
 * missing required field, a malformed id, a value past a documented bound, a broken JSON body) or `probe` (it may
 * be valid by accident: odd but allowed strings and numbers, extra fields, other users' ids). Deterministic: the
 * same document and seed give the same cases.
 */
import { BAD_SEGMENTS, NAME_HINTS, NASTY_NUMBERS, NASTY_STRINGS, badQueryValue, hugeString, pick, randomUuid, wrongTypeValue, type Random } from './openapi-values';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

interface Param { name: string; in: 'path' | 'query' | string; schema: JsonSchema; required?: boolean }
interface Operation { method: string; path: string; parameters: Param[]; body: JsonSchema | null }
export interface OpenApiDoc { paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> }

type Caller = 'user' | 'staff' | 'anonymous';

export interface BadCase {
  op: string;
  kind: string;
  invalid: boolean;
  caller: Caller;
  method: string;
  url: string;
  /** The raw body text, when one is sent. */
  payload?: string;
  contentType?: string;
}

/** Ids of another user's objects, put in paths and id fields; a real lot for `lot` fields of base bodies. */
interface Context { otherIds: string[]; lotId?: string }

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const isMutating = (method: string) => MUTATING.has(method);

export function operations(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({ method: method.toUpperCase(), path, parameters: op.parameters ?? [], body: op.requestBody?.content['application/json']?.schema ?? null });
    }
  }
  return ops;
}

/** A lone surrogate cannot be percent-encoded as UTF-8: sent as the raw (invalid UTF-8) bytes of one instead. */
const encodeQuery = (value: string) => { try { return encodeURIComponent(value); } catch { return '%ED%A0%80'; } };

const isUuidSchema = (s: JsonSchema) => s.format === 'uuid' || /\[0-9a-f/i.test(s.pattern ?? '');
const objectMembers = (s: JsonSchema): JsonSchema[] => (s.type === 'object' ? [s] : (s.anyOf ?? []).filter((m) => m.type === 'object'));

/**
 * A value of the right shape as far as the schema tells, and valid-looking by field name (NAME_HINTS); not always
 * valid (patterns are not honoured), which only makes the probes built on it weaker, never wrong.
 */
function plausible(schema: JsonSchema, random: Random, name = '', ctx: Partial<Context> = {}): unknown {
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return plausible(schema.anyOf.find((m) => m.type !== 'null') ?? schema.anyOf[0], random, name, ctx);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (ctx.lotId && /^lot(_id)?$/.test(name) && isUuidSchema(schema)) return ctx.lotId;
  const hint = types.includes('string') ? NAME_HINTS.find(([pattern]) => pattern.test(name))?.[1] : undefined;
  if (hint !== undefined) return hint;
  switch (type) {
    case 'object': return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, random, k, ctx)]));
    case 'array': return schema.items ? [plausible(schema.items, random, name, ctx)] : [];
    case 'integer': case 'number': return Math.max(schema.minimum ?? 1, 1);
    case 'boolean': return true;
    case 'null': return null;
    case 'string':
      if (isUuidSchema(schema)) return randomUuid(random);
      if (schema.format === 'email') return 'nobody@example.test';
      return 'fault test'.slice(0, schema.maxLength ?? 10).padEnd(schema.minLength ?? 0, 'x');
    default: return 'fault test';
  }
}

/** A value that breaks a documented bound of the field (length, range, enum, id format), or null if none is known. */
function outOfBounds(schema: JsonSchema): unknown {
  const members = schema.anyOf ?? [schema];
  if (members.some((m) => m.type === 'string' && m.maxLength === undefined && !m.enum && !isUuidSchema(m))) return null;
  if (members.every((m) => m.type === 'null' || (m.type === 'string' && (m.maxLength !== undefined || m.enum || isUuidSchema(m))))) {
    const uuid = members.some((m) => isUuidSchema(m));
    return uuid ? 'not-a-uuid' : members.some((m) => m.enum) ? 'no-such-choice' : hugeString();
  }
  const numeric = members.filter((m) => m.type === 'integer' || m.type === 'number');
  if (numeric.length === members.filter((m) => m.type !== 'null').length && numeric.every((m) => m.maximum !== undefined)) return 1e15;
  return null;
}

export function casesFor(op: Operation, ctx: Context, random: Random, perKind = { invalid: 16, probe: 14 }): BadCase[] {
  const key = `${op.method} ${op.path}`;
  const staffOnly = /^\/api\/(staff|audit|dev)\//.test(op.path);
  const invalid: Omit<BadCase, 'op' | 'caller' | 'method' | 'invalid'>[] = [];
  const probe: Omit<BadCase, 'op' | 'caller' | 'method' | 'invalid'>[] = [];
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const fillPath = (over: Record<string, string> = {}) =>
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) => over[name] ?? (isUuidSchema(pathParams.find((p) => p.name === name)?.schema ?? {}) ? randomUuid(random) : 'x'));
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const members = op.body ? objectMembers(op.body) : [];
  const shape = members[0];
  const base = () => (shape ? (plausible(shape, random, '', ctx) as Record<string, unknown>) : {});
  // A union body: a field mutation might still match another member, so field cases are only probes there.
  const fieldList = op.body?.type === 'object' ? invalid : probe;

  for (const param of pathParams) {
    if (isUuidSchema(param.schema)) probe.push({ kind: `path ${param.name}: unknown id`, url: fillPath(), ...(op.body ? json(base()) : {}) });
    if (isUuidSchema(param.schema)) for (const bad of BAD_SEGMENTS) invalid.push({ kind: `path ${param.name}: ${bad.slice(0, 20)}`, url: fillPath({ [param.name]: bad }), ...(op.body ? json(base()) : {}) });
    else if (param.schema.enum) invalid.push({ kind: `path ${param.name}: not a choice`, url: fillPath({ [param.name]: 'no-such-choice' }) });
    else for (const bad of BAD_SEGMENTS.slice(0, 4)) probe.push({ kind: `path ${param.name}: ${bad.slice(0, 20)}`, url: fillPath({ [param.name]: bad }) });
    for (const other of ctx.otherIds) probe.push({ kind: `path ${param.name}: another user's id`, url: fillPath({ [param.name]: other }), ...(op.body ? json(base()) : {}) });
  }
  for (const param of queryParams) {
    const url = fillPath();
    const wrong = badQueryValue(param.schema);
    if (wrong !== undefined) invalid.push({ kind: `query ${param.name}: wrong type`, url: `${url}?${param.name}=${encodeURIComponent(wrong)}`, ...(op.body ? json(base()) : {}) });
    for (const value of [pick(random, NASTY_STRINGS), 'x'.repeat(4000), ...['1e309', 'NaN', '-1', '99999999999999999999']]) probe.push({ kind: `query ${param.name}: ${JSON.stringify(value).slice(0, 20)}`, url: `${url}?${param.name}=${encodeQuery(value)}` });
    probe.push({ kind: `NUL: query ${param.name}`, url: `${url}?${param.name}=a%00b` });
  }
  if (op.body) {
    const url = fillPath();
    for (const raw of ['{"broken": ', '[1, 2', '\u0000', '']) invalid.push({ kind: 'malformed JSON', url, payload: raw, contentType: 'application/json' });
    invalid.push({ kind: 'form body', url, payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' });
    for (const value of [[], 'text', 12345, true]) invalid.push({ kind: `body is ${JSON.stringify(value)}`, url, ...json(value) });
    if (shape) {
      // Mass assignment: fields no body documents, naming another user or asking for staff rights.
      const other = ctx.otherIds[0];
      probe.push({ kind: 'extra fields', url, ...json({ is_staff: true, is_superuser: true, user: other, user_id: other, owner: other, ...base() }) });
      // Prototype poisoning, written as text (`__proto__` in an object literal is no key): the JSON parser refuses it.
      const baseText = JSON.stringify(base());
      const poison = '"__proto__":{"is_staff":true,"polluted":true},"constructor":{"prototype":{"polluted":true}}';
      invalid.push({ kind: '__proto__ fields', url, payload: baseText === '{}' ? `{${poison}}` : `{${poison},${baseText.slice(1)}`, contentType: 'application/json' });
      // A missing required field may still be valid: many schemas read a missing key as empty (z.preprocess).
      for (const name of shape.required ?? []) {
        const body = base();
        delete body[name];
        probe.push({ kind: `missing ${name}`, url, ...json(body) });
      }
      for (const [name, schema] of Object.entries(shape.properties ?? {})) {
        const wrong = wrongTypeValue(schema);
        if (wrong !== undefined) fieldList.push({ kind: `${name}: wrong type, extra fields`, url, ...json({ ...base(), [name]: wrong, unexpected_field: 'x', another_one: [1, { deep: true }] }) });
        const outside = outOfBounds(schema);
        if (outside !== null) fieldList.push({ kind: `${name}: out of bounds`, url, ...json({ ...base(), [name]: outside }) });
        const types = JSON.stringify(schema);
        // 100 KB only where no length is documented (past a documented one it is an invalid case above).
        const long = /"maxLength"/.test(types) ? NASTY_STRINGS[0] : hugeString();
        if (types.includes('"string"')) {
          for (const s of [pick(random, NASTY_STRINGS), long]) probe.push({ kind: `${name}: ${JSON.stringify(s).slice(0, 16)}`, url, ...json({ ...base(), [name]: s }) });
          // Text PostgreSQL cannot store: every operation gets one of each (their own kinds, so sampling keeps them).
          probe.push({ kind: `NUL: ${name}`, url, ...json({ ...base(), [name]: `nul\u0000${name}` }) });
          probe.push({ kind: `surrogate: ${name}`, url, ...json({ ...base(), [name]: `lone \uDC00 ${name}` }) });
        }
        if (/"(number|integer)"/.test(types)) probe.push({ kind: `${name}: odd number`, url, ...json({ ...base(), [name]: pick(random, NASTY_NUMBERS) }) });
        if (isUuidSchema(schema) || /_id$|^id$/.test(name)) probe.push({ kind: `${name}: another user's id`, url, ...json({ ...base(), [name]: pick(random, ctx.otherIds) }) });
      }
    }
  } else if (isMutating(op.method)) {
    invalid.push({ kind: 'malformed JSON', url: fillPath(), payload: '{"broken": ', contentType: 'application/json' });
  }

  const caller = (i: number): Caller => {
    if (staffOnly) return i % 5 === 4 ? 'user' : i % 7 === 6 ? 'anonymous' : 'staff';
    return i % 4 === 3 ? 'anonymous' : 'user';
  };
  const sample = (list: typeof invalid, n: number) => sampleOf(list, n, random);
  return [
    ...sample(invalid, perKind.invalid).map((c, i) => ({ ...c, op: key, method: op.method, invalid: true, caller: caller(i) })),
    // Probes go out as a user or anonymously only: staff may legitimately change and see anything.
    ...sample(probe, perKind.probe).map((c, i) => ({ ...c, op: key, method: op.method, invalid: false, caller: (i % 4 === 3 ? 'anonymous' : 'user') as Caller })),
  ];
}

/** A fixed-size, seeded sample that keeps one of each kind first, so rare kinds are not crowded out. */
function sampleOf<T extends { kind: string }>(list: T[], n: number, random: Random): T[] {
  const shuffled = [...list].sort(() => random() - 0.5);
  const seen = new Set<string>();
  const firsts = shuffled.filter((c) => !seen.has(c.kind.split(':')[0]) && seen.add(c.kind.split(':')[0]));
  const rest = shuffled.filter((c) => !firsts.includes(c));
  return [...firsts, ...rest].slice(0, n);
}
