/** The answers of the routes services/app.ts adds itself (tag `ops`). */
import { z } from 'zod';

export const healthAnswers = {
  200: z.object({ status: z.literal('ok'), time: z.string() }),
  503: z.object({ status: z.literal('unavailable') }),
};

export const serverTimeAnswers = { 200: z.object({ now: z.string() }) };
