import { z } from 'zod';

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  total_pages: number;
  results: T[];
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(9999).default(25),
});

/** The list answer's schema, for a route's `response` (docs/api.md: every list answers this shape). */
export const pageAnswer = <T extends z.ZodType>(item: T) => z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  total_pages: z.number().int(),
  results: z.array(item),
});

/** Builds the list answer; next/previous are the same URL with the page swapped. */
export function paginate<T>(results: T[], count: number, page: number, pageSize: number, url: string): Page<T> {
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  const link = (p: number) => {
    const u = new URL(url, 'http://local');
    u.searchParams.set('page', String(p));
    return `${u.pathname}${u.search}`;
  };
  return {
    count,
    next: page < totalPages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    total_pages: totalPages,
    results,
  };
}
