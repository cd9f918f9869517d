/**
 * The real `ctx.authenticate`: a bearer access token whose signature, algorithm, expiry, audience, issuer and type
 * check out, AND whose session is still active (not logged out, not ended by a password change). Anything else
 * makes the request anonymous; endpoints that need a user then answer 401.
 */
import type { AppContext } from '../context';
import { bearerToken, type Authenticate, type AuthUser } from '../../infra/http/auth';
import { sessionValidity } from './session-validity';

type AuthContext = Pick<AppContext, 'tokens' | 'db' | 'clock'>;

/** For callers holding a raw access token (e.g. the live slice's `?token=`). */
export async function authenticateAccessToken(ctx: AuthContext, token: string): Promise<AuthUser | null> {
  const claims = await ctx.tokens.verifyAccess(token);
  if (typeof claims === 'string') return null;
  const session = await sessionValidity(ctx).check(claims.sid);
  if (!session || session.userId !== claims.sub) return null;
  return { id: claims.sub, is_staff: session.isStaff ?? claims.staff, is_auditor: session.isAuditor, session_id: claims.sid };
}

export function createAuthenticate(ctx: AuthContext): Authenticate {
  return async (request) => {
    const token = bearerToken(request);
    return token ? authenticateAccessToken(ctx, token) : null;
  };
}
