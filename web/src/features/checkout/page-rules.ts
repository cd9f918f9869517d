/**
 * The page's other pure rules: the query it is opened with (spec 1 section 2), the 3-D Secure browser data sent with
 * create_order (section 7), and the stored items' days of storage left with the low-storage warning (sections 2, 9).
 */
import { SERVICES } from './types';
import type { ChallengeWindowSize, ScaData, Service } from './types';

export const STORED_PAGE_SIZE = 24;
const LOW_STORAGE_DAYS = 10;

export interface CheckoutQuery {
  ids: string[];
  service: Service | null;
}

/** `?id=1,2&type=storage`: stored lots to pre-select and a service to start with (unknown values are ignored). */
export function parseCheckoutQuery(search: string): CheckoutQuery {
  const q = new URLSearchParams(search);
  const ids = [...new Set((q.get('id') ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  const type = (q.get('type') ?? '').trim().toLowerCase().replace(/-/g, '_');
  const service = (SERVICES as readonly string[]).includes(type) ? (type as Service) : null;
  return { ids, service };
}

/**
 * The 3-D Secure challenge window size for this browser window (FullScreen on phones, the largest that fits
 * otherwise; the sizes are the EMV 3DS ones: 250x400, 390x400, 500x600, 600x400).
 */
export function challengeWindowSize(width: number, height: number): ChallengeWindowSize {
  if (width < 576) return 'FullScreen';
  if (width >= 1200 && height >= 400) return 'ExtraLarge';
  if (width >= 992 && height >= 600) return 'Large';
  if (width >= 768) return 'Medium';
  return 'Small';
}

interface BrowserFacts {
  language: string;
  colorDepth: number;
  screenWidth: number;
  screenHeight: number;
  tzOffsetMinutes: number;
  javaEnabled: boolean;
  windowWidth: number;
  windowHeight: number;
}

/** strong_customer_authentication_data from what the browser says about itself. */
export const scaData = (f: BrowserFacts): ScaData => ({
  browserLanguage: f.language || 'en-GB',
  browserColorDepth: f.colorDepth,
  browserScreenHeight: f.screenHeight,
  browserScreenWidth: f.screenWidth,
  browserTZ: f.tzOffsetMinutes,
  browserJavascriptEnabled: true,
  browserJavaEnabled: f.javaEnabled,
  challengeWindowSize: challengeWindowSize(f.windowWidth, f.windowHeight),
});

const DAY_MS = 86_400_000;

/** Whole days of paid storage left (0 once it has run out). */
export function storageDaysLeft(expiresAt: string | null | undefined, now: number): number | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

export const lowStorage = (daysLeft: number | null) => daysLeft !== null && daysLeft < LOW_STORAGE_DAYS;
