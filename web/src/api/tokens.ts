/**
 * Where the web client keeps its credentials (docs/accounts.md, "Where the tokens live"): the access token (15
 * minutes) in this module's memory only, never in a cookie or storage a page script could read; the refresh token
 * only in the server's HttpOnly cookie, which the browser sends to /api/auth/ by itself. A page load starts
 * without an access token and asks for one with that cookie (api/http refreshTokens).
 */
let access: string | null = null;

export const getAccess = () => access;

export function setAccess(token: string | null): void {
  access = token;
}

/** Forgets the access token, and removes the cookies an older client wrote where scripts could read them. */
export function clearTokens(): void {
  access = null;
  removeLegacyCookies();
}

/** temp_token: an access token handed over in the address; it lasts until it expires or the page is left. */
export const adoptTempToken = (token: string) => setAccess(token);

const LEGACY = ['access', 'refresh', 'remember_me', 'csrftoken', 'sessionid'];

export function removeLegacyCookies(): void {
  if (typeof document === 'undefined' || !document.cookie) return;
  for (const name of LEGACY) {
    if (document.cookie.split('; ').some((part) => part.startsWith(`${name}=`))) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers we support (Firefox, older Safari)
      document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
    }
  }
}
