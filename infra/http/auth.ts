import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../../domain/shared/errors';

/** Who is calling, from a verified access token whose session is still active. */
export interface AuthUser {
  id: string;
  is_staff: boolean;
  /** Read-only: sees every audit view and export; every write endpoint refuses it (see app.ts). */
  is_auditor?: boolean;
  session_id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Resolves the caller from the request (bearer token); supplied by the accounts slice. */
export type Authenticate = (request: FastifyRequest) => Promise<AuthUser | null>;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export function requireUser(request: Pick<FastifyRequest, 'user'>): AuthUser {
  if (!request.user) throw new Unauthorized();
  return request.user;
}

export function requireStaff(request: Pick<FastifyRequest, 'user'>): AuthUser {
  const user = requireUser(request);
  if (!user.is_staff) throw new Forbidden();
  return user;
}

/** Audit views: auditors and staff. */
export function requireAuditor(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.is_auditor && !user.is_staff) throw new Forbidden();
  return user;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Signing in, keeping the session and changing one's own password are the only writes an auditor may make. */
export const AUDITOR_WRITES: ReadonlySet<string> = new Set(['/api/auth/login/', '/api/auth/refresh_token/', '/api/auth/users/set_password/']);

/** The auditor role is read-only: any other write is refused before its handler runs. */
export function refuseAuditorWrites(request: FastifyRequest): void {
  const user = request.user;
  if (!user?.is_auditor || user.is_staff || READ_METHODS.has(request.method)) return;
  const path = request.url.split('?')[0].replace(/\/?$/, '/');
  if (!AUDITOR_WRITES.has(path)) throw new Forbidden('Auditors have read-only access.');
}
