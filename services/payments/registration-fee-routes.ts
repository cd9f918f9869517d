/**
 * The one-off registration fee by card: GET and POST /api/registration_fee/ (the query's lot and bid come back to
 * the client after a 3-D Secure challenge, so a bid that was waiting for the fee can be placed). The POST resumes
 * (infra/http/idempotency-keys.ts): a retry after its payment committed and the answer was lost carries that payment
 * on (the provider answers its first payment) and answers what became of it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { sendAnswer } from '../../infra/http/idempotency-keys';
import { NotFound, RuleBroken } from '../../domain/shared/errors';
import { validateCard } from '../../domain/payments/cards/card-rules';
import { cardsDecider } from '../../domain/payments/cards/decide';
import { cardsStream } from '../../domain/payments/cards/events';
import { findCard, hasFingerprint } from '../../domain/payments/cards/state';
import { CARDS_MSG } from '../../domain/payments/cards/card-changes';
import { loadAccount } from '../accounts/lookup';
import { REGISTRATION_FEE_PENCE } from '../accounts/create-account';
import { feeBodySchema, feeQuerySchema } from './schemas';
import { answers } from '../../infra/http/answers';
import { challengeHtmlAnswer, decidedFeeView, feeView, feeViewSchema } from './views';
import { z } from 'zod';
import { keyedId } from '../../infra/http/keyed-ids';
import { JSON_TYPE, jsonString, paymentExists, savedCardSource, startCardPayment, tokenize } from './card-payments';

const FEE_MSG = { alreadyPaid: 'Your registration fee is already paid.' } as const;

export function registrationFeeRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/registration_fee/', { schema: { summary: "The user's registration fee status", response: answers({ 200: feeViewSchema }, 401) } }, async (request) => feeView(ctx.db, requireUser(request).id));

  app.post('/api/registration_fee/', { config: { idempotency: 'resumable' }, schema: { summary: 'Pay the registration fee by card', querystring: feeQuerySchema, body: feeBodySchema(() => ctx.clock.now()), response: answers({ 200: z.union([feeViewSchema, challengeHtmlAnswer]) }, 400, 401, 404, 409, 503) } }, async (request, reply) => {
    const user = requireUser(request);
    const query = request.query;
    const now = ctx.clock.now();
    const body = request.body;
    const metadata = { user_id: user.id, request_id: request.id };
    reply.type(JSON_TYPE);
    return sendAnswer(reply, async () => {
      const paymentId = keyedId(ctx, request, 'registration_fee');
      // Refused before anything is charged, unless this request's own payment paid it (a retry carrying it on).
      if ((await loadAccount(ctx, user.id)).state.feePaid && !(await paymentExists(ctx, paymentId))) throw new RuleBroken(FEE_MSG.alreadyPaid);
      const cards = (await ctx.commands.load(cardsStream(user.id), cardsDecider)).state;
      let card: ReturnType<typeof savedCardSource> | Awaited<ReturnType<typeof tokenize>>;
      if (body.card_id) {
        const saved = findCard(cards, body.card_id);
        if (!saved) throw new NotFound(CARDS_MSG.notFound);
        card = savedCardSource(saved);
      } else {
        card = await tokenize(ctx, validateCard(body, now));
      }
      const started = await startCardPayment(ctx, {
        paymentId, userId: user.id, purpose: 'registration_fee', amountPence: REGISTRATION_FEE_PENCE, description: 'Registration fee',
        card,
        // A card already saved is not saved again (and a saved card used to pay is saved already).
        saveCard: body.save_card && card.savedCardId === null && !hasFingerprint(cards, card.summary.fingerprint),
        returnPath: body.return_path,
        returnQuery: { ...(query.lot ? { lot: query.lot } : {}), ...(query.bid ? { bid: query.bid } : {}) },
      }, metadata);
      if (started.status === 'requires_action') return { status: 200, body: jsonString(started.action.html) };
      // From the user's stream: the users view may still be behind the payment just recorded.
      return { status: 200, body: await decidedFeeView(ctx, user.id) };
    });
  });
}
