/**
 * Security headers on every answer (docs/security.md, "Headers"): @fastify/helmet with the client's strict
 * Content-Security-Policy, plus the two headers helmet does not set the way we want: Permissions-Policy (helmet has
 * none) and HSTS (only on a request that came over TLS: on plain HTTP it is ignored by browsers and would pin a
 * development host name to https). Pages with their own needs (the sandbox bank's 3-D Secure page, the API reference)
 * replace the CSP on their own routes; a route's `reply.header` wins over helmet's.
 *
 * Helmet's headers are the same for every answer, so they are computed once at start (helmet run against a stand-in
 * response) and set with one call per request. @fastify/helmet built a new helmet middleware per request, parsing the
 * CSP directives each time: 2.2% of the bid process's CPU at saturation (docs/benchmarks.md, issue #22's profile).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Sources added to the client's policy for a third party the house chose to use (social sign-in: computed from the
 * configured providers in services/accounts/social/client-settings.ts); empty when none is configured.
 */
type CspAllowances = Partial<Record<string, string[]>>;

/** The client's policy as directives; `clientCsp` turns it into the header value. */
function clientCspDirectives(publicUrl: string, frameAncestors = "'none'", allow: CspAllowances = {}): Record<string, string[]> {
  // 'self' covers ws:/wss: of the same host in CSP 3 browsers; the public origin's websocket scheme is listed too for
  // browsers and proxies where the page's own scheme differs (https page, wss socket).
  const site = new URL(publicUrl);
  const wsOrigin = `${site.protocol === 'https:' ? 'wss' : 'ws'}://${site.host}`;
  const own: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // React's style={...} goes through the CSSOM, which CSP does not govern; a style="" attribute in HTML does.
    'style-src-attr': ["'none'"],
    // data: for the inline SVG favicon, blob: for the previews of photos chosen for upload.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'media-src': ["'self'"],
    'connect-src': ["'self'", wsOrigin],
    // Only our own pages: the checkout shows the terms and the privacy policy in a frame (spec 1 section 2).
    'frame-src': ["'self'"],
    'worker-src': ["'none'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [frameAncestors],
  };
  for (const [name, sources] of Object.entries(allow)) {
    if (!own[name]) throw new Error(`no such CSP directive in the client's policy: ${name}`);
    for (const value of sources ?? []) if (!own[name].includes(value)) own[name].push(value);
  }
  return own;
}

/** The header value exactly as helmet sends it (directives joined by ";"). */
export function clientCsp(publicUrl: string, frameAncestors = "'none'", allow: CspAllowances = {}): string {
  return Object.entries(clientCspDirectives(publicUrl, frameAncestors, allow)).map(([name, values]) => `${name} ${values.join(' ')}`).join(';');
}

/**
 * The pages the client itself shows in a frame (the checkout's terms and privacy dialogs): only these may be framed,
 * and only by the house's own pages; every other page (the bid pages above all) can be framed by nobody.
 */
export const FRAMED_BY_US: ReadonlySet<string> = new Set(['terms', 'privacy']);

export function allowFramingByUs(reply: FastifyReply, publicUrl: string, allow: CspAllowances = {}): void {
  reply.header('content-security-policy', clientCsp(publicUrl, "'self'", allow)).header('x-frame-options', 'SAMEORIGIN');
}

/** The API reference (swagger-ui): its own scripts only, but it writes <style> elements and uses data: images. */
export const API_DOCS_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
  "connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

/**
 * Browser features the house never uses are off for every page and anything it embeds; card payment stays ours.
 * Only features browsers know: Chromium logs every unknown one on every page (`bluetooth` was one; Web Bluetooth is
 * not a policy-controlled feature there), which every browser test's page watch fails on.
 */
export const PERMISSIONS_POLICY = [
  'camera=()', 'microphone=()', 'geolocation=()', 'payment=(self)', 'usb=()', 'serial=()', 'hid=()',
  'midi=()', 'magnetometer=()', 'gyroscope=()', 'accelerometer=()', 'display-capture=()', 'fullscreen=(self)',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Helmet's options for the house: the client's CSP and the cross-origin policies (docs/security.md, "Headers"). */
function helmetOptions(publicUrl: string, allow: CspAllowances): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: clientCspDirectives(publicUrl, "'none'", allow) },
    // Our own popup (the 3-D Secure step) must keep its opener after visiting a provider on another origin.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Emails show no images from the site, so nothing outside needs to load our files.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Same-origin requests keep their Referer and a real Origin (no-referrer would send `Origin: null` on POSTs);
    // other sites see only the origin, never a path or a token in a query.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
    // X-XSS-Protection: helmet sends "0" (the old filter caused leaks); kept.
  };
}

/** The headers helmet sets with these options, read once from a stand-in response (they never depend on the request). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => { headers[name.toLowerCase()] = String(value); },
    removeHeader: (name: string) => { delete headers[name.toLowerCase()]; },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What an API answer (JSON under /api/, never rendered as a page) carries instead of the page set: a policy that lets
 * nothing load or frame it, no sniffing, no framing, the referrer rule and the resource policy (OWASP's REST Security
 * Cheat Sheet, "Security headers"). The page-only headers (the client's CSP, Permissions-Policy, the opener policy,
 * helmet's legacy ones) govern documents, which an API answer is not: sent on every bid answer they were ~1 KB of
 * headers, most of a hot lot's answer bytes (docs/benchmarks.md, "Where a decision's time goes").
 */
export const API_CSP = "default-src 'none';frame-ancestors 'none'";

function apiHeaders(page: Readonly<Record<string, string>>): Record<string, string> {
  return {
    'content-security-policy': API_CSP,
    'x-content-type-options': page['x-content-type-options'],
    'x-frame-options': page['x-frame-options'],
    'referrer-policy': page['referrer-policy'],
    'cross-origin-resource-policy': page['cross-origin-resource-policy'],
  };
}

/** An API call's path. The API reference (`DOCS_PREFIX`, infra/http/openapi.ts, which imports this file) is pages. */
const isApiCall = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export async function installSecurityHeaders(app: FastifyInstance, publicUrl: string, allow: CspAllowances = {}): Promise<void> {
  const every = Object.freeze({ ...helmetHeaders(helmetOptions(publicUrl, allow)), 'permissions-policy': PERMISSIONS_POLICY });
  const api = Object.freeze(apiHeaders(every));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiCall(request.url) ? api : every);
    // request.protocol follows X-Forwarded-Proto only when TRUST_PROXY is on.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}
