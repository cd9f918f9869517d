/** Small cookie helpers: the session's access and refresh tokens live in cookies (spec 1, section 4). */
export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

/** Without maxAgeDays the cookie lasts for the browser session (it still survives reloads). */
export function setCookie(name: string, value: string, maxAgeDays?: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const age = maxAgeDays ? `; Max-Age=${Math.round(maxAgeDays * 86400)}` : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${age}${secure}`;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; Path=/; Max-Age=0; SameSite=Lax`;
}
