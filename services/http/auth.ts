import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../../domain/shared/errors';

/** Who is calling, from a verified access token whose session is still active. */
export interface AuthUser {
  id: string;
  is_staff: boolean;
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

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Unauthorized();
  return request.user;
}

export function requireStaff(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.is_staff) throw new Forbidden();
  return user;
}
