/** The valuation form's limits and small pure helpers (the server checks the same limits again). */
export const MAX_OBJECTS = 10;
export const MAX_PHOTOS = 10;
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];

/** "2.35 MB": a photo's size, always in MB to two decimals. */
export const formatMB = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MB`;

export interface DraftObject { key: number; title: string; photos: File[] }

/** The first problem of the objects, in the order a person fixes them; null when they can be sent. */
export function objectsProblem(objects: DraftObject[]): string | null {
  if (objects.length === 0) return 'Add at least one object to value.';
  if (objects.length > MAX_OBJECTS) return `You can ask for at most ${MAX_OBJECTS} objects in one request.`;
  for (const [i, o] of objects.entries()) {
    const n = i + 1;
    if (!o.title.trim()) return `Object ${n}: enter a title.`;
    if (o.photos.length === 0) return `Object ${n}: add at least one photo.`;
    if (o.photos.length > MAX_PHOTOS) return `Object ${n}: at most ${MAX_PHOTOS} photos per object.`;
    const big = o.photos.find((p) => p.size > MAX_PHOTO_BYTES);
    if (big) return `"${big.name}" is larger than 10 MB.`;
  }
  return null;
}

/** Which picked files can be added to an object: too large or not an image are refused with a message. */
export function pickPhotos(current: File[], picked: File[], max = MAX_PHOTOS, unit = 'object'): { photos: File[]; problem: string | null } {
  const photos = [...current];
  let problem: string | null = null;
  for (const f of picked) {
    if (f.type && !f.type.startsWith('image/')) problem = `"${f.name}" is not a JPEG, PNG or WebP image.`;
    else if (f.size > MAX_PHOTO_BYTES) problem = `"${f.name}" is larger than 10 MB (${formatMB(f.size)}).`;
    else if (photos.length >= max) problem = `At most ${max} photos per ${unit}.`;
    else photos.push(f);
  }
  return { photos, problem };
}

/** Spec 2 section 8, "Valuation failure: the first element of the server data is used". */
export function firstServerMessage(data: unknown, fallback = 'Server Error'): string {
  const first = (v: unknown): string | null => {
    if (typeof v === 'string') return v || null;
    if (Array.isArray(v)) return v.length ? first(v[0]) : null;
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.detail === 'string') return o.detail;
      for (const value of Object.values(o)) {
        const text = first(value);
        if (text) return text;
      }
    }
    return null;
  };
  return first(data) ?? fallback;
}

/** The field errors of the sign-up part of an answer (keys of the registration form), to show beside the fields. */
export function signUpFieldErrors(data: unknown, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!data || typeof data !== 'object' || Array.isArray(data)) return out;
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    const key = k === 'phone' ? 'phone_number' : k;
    if (fields.includes(key)) out[key] = firstServerMessage(v, '');
  }
  return out;
}
