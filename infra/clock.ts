/** The time every decision reads: the system clock in production, a settable one in tests (services/testing/harness.ts). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
