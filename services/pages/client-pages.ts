/**
 * Which addresses are the client's pages (docs/security.md, "404"). The server answers the client's index.html for
 * every GET outside /api and /ws so the client can render, but the status says whether the page exists: 200 for a
 * path of web/src/page-paths.ts (the router's own list) whose ids name something that exists, 404 otherwise, so
 * crawlers and scanners see a real 404 while a person sees the client's not-found view. A lot, the auctions and an
 * article are also described in the page itself (services/pages/page-meta.ts): their record is read once, for both.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context';
import { PAGE_PATHS, type PageName } from '../../web/src/page-paths';
import { PAGE_DESCRIBERS } from './page-meta';
import type { PageHead } from '../../infra/http/page-head';

export { renderPage } from '../../infra/http/page-head';

interface PageMatch { name: PageName; params: Record<string, string> }

interface CompiledPath { name: PageName; regex: RegExp; keys: string[] }

/** A wouter pattern as a regex, matched like wouter's (regexparam): case-insensitive, an optional trailing slash. */
function compile(name: PageName, pattern: string): CompiledPath {
  const keys: string[] = [];
  const body = pattern.split('/').filter(Boolean).map((segment) => {
    const param = /^:(\w+)(\?)?$/.exec(segment);
    if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`;
    keys.push(param[1]);
    return param[2] ? '(?:/([^/]+?))?' : '/([^/]+?)';
  }).join('');
  return { name, keys, regex: new RegExp(`^${body}/?$`, 'i') };
}

const COMPILED = (Object.entries(PAGE_PATHS) as [PageName, string][]).map(([name, pattern]) => compile(name, pattern));

/** The client page a path (without its query) belongs to, or null. */
export function matchPage(pathname: string): PageMatch | null {
  for (const page of COMPILED) {
    const found = page.regex.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    page.keys.forEach((key, i) => { if (found[i + 1] !== undefined) params[key] = found[i + 1]; });
    return { name: page.name, params };
  }
  return null;
}

const uuid = z.string().uuid();
const isUuid = (value: string | undefined) => uuid.safeParse(value).success;

async function lotExists(ctx: AppContext, id: string | undefined): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { rows } = await sql<{ one: number }>`SELECT 1 AS one FROM lots WHERE id = ${id}::uuid`.execute(ctx.db);
  return rows.length > 0;
}

/** Pages whose address names a record: the record must exist. Other pages exist whenever their pattern matches. */
const RECORD_CHECKS: Partial<Record<PageName, (ctx: AppContext, params: Record<string, string>) => Promise<boolean>>> = {
  auditLot: (ctx, p) => lotExists(ctx, p.id),
  // A user id is not looked up: the page is the auditors' and the answer would tell anyone which ids are users.
  auditWallet: async (_ctx, p) => isUuid(p.userId),
};

interface ResolvedPage {
  status: 200 | 404;
  name: PageName | null;
  /** The page's own head (infra/http/page-head.ts renderPage), or null for the shell's generic one. */
  head: PageHead | null;
}

/**
 * 200 when the path is a client page that exists, else 404; with the page's name when the pattern matched. A page
 * the server describes exists when its describer finds its record (a lot, a published article).
 */
export async function resolvePage(ctx: AppContext, url: string): Promise<ResolvedPage> {
  const pathname = url.split('?')[0].split('#')[0];
  const page = matchPage(pathname);
  if (!page) return { status: 404, name: null, head: null };
  const describe = PAGE_DESCRIBERS[page.name];
  if (describe) {
    const head = await describe(ctx, page.params);
    return { status: head ? 200 : 404, name: page.name, head };
  }
  const check = RECORD_CHECKS[page.name];
  return { status: !check || (await check(ctx, page.params)) ? 200 : 404, name: page.name, head: null };
}
