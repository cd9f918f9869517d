/** Text made safe inside server-written HTML (emails, the sandbox's challenge page): every markup character as a numeric entity. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
