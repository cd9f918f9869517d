import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

const AUDIENCE = 'whisky-auction';
const ISSUER = 'whisky-auction';
const ALG = 'HS256';
export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 24 * 60 * 60;
export const REFRESH_REMEMBER_TTL_SECONDS = 30 * 24 * 60 * 60;

interface AccessClaims { sub: string; sid: string; staff: boolean }
interface RefreshClaims { sub: string; sid: string; jti: string; remember: boolean }

type TokenError = 'invalid' | 'expired';

/** Signs and checks tokens: algorithm, signature, expiry, audience, issuer and type are all verified. */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Access tokens already verified, keyed by the whole token (signature included), until their own expiry. Verifying
   * an HS256 signature costs more than the rest of a bid decision; a token's claims cannot change, so the check is
   * done once. Only verified tokens enter; the session behind a token is still checked on every request.
   */
  private readonly verifiedAccess = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  private static readonly MAX_CACHED = 10_000;

  constructor(secret: string, private readonly now: () => Date = () => new Date()) {
    this.key = Buffer.from(secret, 'base64url');
    if (this.key.length < 32) throw new Error('The token signing key must be at least 32 bytes');
  }

  /** A key for another purpose (keyed hashes of emailed codes), derived from the signing key so nothing new is kept. */
  deriveKey(label: string): Buffer {
    return createHmac('sha256', this.key).update(`derive:${label}`).digest();
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return this.sign({ typ: 'access', sid: claims.sid, staff: claims.staff }, claims.sub, ACCESS_TTL_SECONDS, randomUUID());
  }

  async signRefresh(claims: RefreshClaims): Promise<string> {
    const ttl = claims.remember ? REFRESH_REMEMBER_TTL_SECONDS : REFRESH_TTL_SECONDS;
    return this.sign({ typ: 'refresh', sid: claims.sid, remember: claims.remember }, claims.sub, ttl, claims.jti);
  }

  async verifyAccess(token: string): Promise<AccessClaims | TokenError> {
    const cached = this.verifiedAccess.get(token);
    if (cached) {
      if (this.now().getTime() < cached.expiresAtMs) return cached.claims;
      this.verifiedAccess.delete(token);
    }
    const payload = await this.verify(token, 'access');
    if (typeof payload === 'string') return payload;
    const claims = { sub: String(payload.sub), sid: String(payload.sid), staff: payload.staff === true };
    if (this.verifiedAccess.size >= TokenService.MAX_CACHED) this.verifiedAccess.delete(this.verifiedAccess.keys().next().value as string);
    this.verifiedAccess.set(token, { claims, expiresAtMs: Number(payload.exp) * 1000 });
    return claims;
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | TokenError> {
    const payload = await this.verify(token, 'refresh');
    if (typeof payload === 'string') return payload;
    return { sub: String(payload.sub), sid: String(payload.sid), jti: String(payload.jti), remember: payload.remember === true };
  }

  private async sign(claims: Record<string, unknown>, subject: string, ttlSeconds: number, jti: string): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(subject)
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.key);
  }

  private async verify(token: string, type: 'access' | 'refresh'): Promise<Record<string, unknown> | TokenError> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        audience: AUDIENCE,
        issuer: ISSUER,
        currentDate: this.now(),
        requiredClaims: ['sub', 'exp', 'jti'],
      });
      return payload.typ === type ? payload : 'invalid';
    } catch (error) {
      return error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}

/** The configured key, or one generated once and kept in the data folder (readable by the owner only). */
export function loadOrCreateSigningKey(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'token-signing-key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
