/** The hostile values the bad-input fault test sends, and a seeded random source so every run sends the same. */
import type { JsonSchema } from './openapi-cases';

export type Random = () => number;

/** mulberry32: tiny, fast, good enough to pick test cases reproducibly. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];

export function randomUuid(random: Random): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** 100 KB of text (mixed scripts, so byte and character lengths differ). */
export const hugeString = () => 'ab€𝔘'.repeat(20_000);

export const NASTY_STRINGS: readonly string[] = [
  '💥🥃 \u202Eevil\u202C 中文 𝔘𝔫𝔦 مرحبا',
  '\u0000',
  'nul\u0000inside',
  'lone \uD800 surrogate',
  '',
  '   ',
  '<script>alert(1)</script>',
  "'; DROP TABLE events; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${x} on purpose (template-injection probe)
  '%s%n%x{0}${x}',
  '\r\n\t\u200B\uFEFF',
  '０１２３ Ω≈ç√∫ ﷽',
];

export const NASTY_NUMBERS: readonly number[] = [-1, -1e15, 1e308, 2 ** 53 + 2, 0, 1e-300, 2_147_483_648, 1e20, 1.5];

/** Already URL-encoded path segments that no id or slug can be. */
export const BAD_SEGMENTS: readonly string[] = [
  'not-a-uuid',
  '-1',
  '%00',
  '%F0%9F%92%A5',
  '12345678901234567890',
  '..%2F..%2Fetc%2Fpasswd',
  '%27%20OR%201%3D1--',
  '00000000-0000-0000-0000-00000000000g',
  'a'.repeat(300),
  '%E2%80%AE%D8%A7',
  '%E0%A4%A',
  '%zz',
];

/**
 * Valid-looking values by field name, so a probe's base body passes validation and the one odd value in it reaches
 * the handler and the database. First match wins; `lot` fields get a real lot (Context.lotId).
 */
export const NAME_HINTS: readonly [RegExp, string][] = [
  [/password/, 'Fault!Pass123'],
  [/email/, 'fault-probe@example.test'],
  [/^birth_date$/, '01/01/1980'],
  [/date|deadline/, '2026-01-31'],
  [/phone/, '07400 900123'],
  [/return_path/, '/account'],
  [/^country$/, 'united-kingdom'],
  [/^region$/, 'Edinburgh, City of'],
  [/zip/, 'EH1 1AA'],
  [/card_number/, '4242424242424242'],
  [/expiry/, '12/30'],
  [/^cvv$/, '123'],
  [/code$/, 'ABC123'],
  [/price|amount|^bid$|^cap$|limit/, '25.00'],
  [/name$/, 'Fault'],
];

/** The JSON types a schema allows ('integer' counts as 'number'), or null when it allows anything. */
function allowedTypes(schema: JsonSchema): Set<string> | null {
  if (schema.anyOf) {
    const all = new Set<string>();
    for (const member of schema.anyOf) {
      const types = allowedTypes(member);
      if (!types) return null;
      for (const t of types) all.add(t);
    }
    return all;
  }
  if (schema.enum) return new Set(schema.enum.map((v) => (v === null ? 'null' : typeof v)));
  if (!schema.type) return null;
  return new Set((Array.isArray(schema.type) ? schema.type : [schema.type]).map((t) => (t === 'integer' ? 'number' : t)));
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** A JSON value of a type the schema does not allow (undefined when it allows anything). */
export function wrongTypeValue(schema: JsonSchema): unknown {
  const allowed = allowedTypes(schema);
  if (!allowed) return undefined;
  // An object first: Number({}) is NaN, so even a coercing number schema refuses it.
  return [{ $bad: [1] }, 'wrong ☃ type', 12345, false, [[1]]].find((v) => !allowed.has(typeOf(v)));
}

/** A query value the parameter cannot parse as (undefined for free text). */
export function badQueryValue(schema: JsonSchema): string | undefined {
  const text = JSON.stringify(schema);
  if (text.includes('"uuid"')) return 'not-a-uuid';
  if (text.includes('"enum"') && !text.includes('"boolean"')) return 'no-such-choice';
  if (text.includes('"boolean"')) return 'maybe';
  if (/"(integer|number)"/.test(text) && !text.includes('"string"')) return 'abc';
  return undefined;
}
