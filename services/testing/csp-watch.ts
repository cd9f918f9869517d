/**
 * Every browser test asserts that no page broke the Content-Security-Policy (docs/security.md): each context records
 * `securitypolicyviolation` events (in every page, popups included, through an init script and a binding) and the
 * console's CSP refusals; closing the context fails the test when there were any, and closing the browser fails the
 * file for a context left open.
 */
import type { BrowserContext } from 'playwright-core';

export interface CspWatch {
  /** Violations not yet reported by a close. */
  list: string[];
}

declare global {
  interface Window {
    __cspViolations?: string[];
    __reportCspViolation?: (text: string) => void;
  }
}

export async function watchCsp(context: BrowserContext, watch: CspWatch): Promise<void> {
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    watch.list.push(`${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      const text = `${e.effectiveDirective} refused ${e.blockedURI || 'inline'}${e.sample ? ` (${e.sample})` : ''} at ${e.sourceFile}:${e.lineNumber}`;
      window.__cspViolations!.push(text);
      window.__reportCspViolation?.(text);
    }, true);
  });
  // The console says it too, also for what the event cannot reach (a refusal before the init script ran).
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) watch.list.push(`${page.url()}: console: ${message.text()}`);
    });
  });
}

/** Throws (failing the test that closes) when the context's pages broke the CSP since the last check. */
export function assertNoCspViolations(watch: CspWatch, what: string): void {
  if (watch.list.length === 0) return;
  const found = watch.list.splice(0);
  throw new Error(`Content-Security-Policy violations in ${what} (expected 0):\n  ${found.join('\n  ')}`);
}
