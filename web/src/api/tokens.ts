/** Access and refresh tokens in cookies. "Remember me" keeps them for 30 days; otherwise for the browser session. */
import { getCookie, removeCookie, setCookie } from './cookies';

const ACCESS = 'access';
const REFRESH = 'refresh';
const REMEMBER = 'remember_me';
const REMEMBER_DAYS = 30;

export const getAccess = () => getCookie(ACCESS);
export const getRefresh = () => getCookie(REFRESH);
export const hasSession = () => !!(getAccess() || getRefresh());

export function saveTokens(access: string, refresh?: string | null, remember?: boolean): void {
  const keep = remember ?? getCookie(REMEMBER) === '1';
  const days = keep ? REMEMBER_DAYS : undefined;
  if (remember !== undefined) {
    if (remember) setCookie(REMEMBER, '1', REMEMBER_DAYS);
    else removeCookie(REMEMBER);
  }
  setCookie(ACCESS, access, days);
  if (refresh) setCookie(REFRESH, refresh, days);
}

/** temp_token: becomes the access cookie; the refresh cookie is removed. */
export function adoptTempToken(token: string): void {
  setCookie(ACCESS, token);
  removeCookie(REFRESH);
}

export function clearTokens(): void {
  for (const name of [ACCESS, REFRESH, REMEMBER, 'csrftoken', 'sessionid']) removeCookie(name);
}
