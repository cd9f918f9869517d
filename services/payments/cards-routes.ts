/**
 * Saved cards (the stream `user-cards-<userId>`, read model `user_cards`) and the card format lookup. Adding a card
 * is a card check with the provider (which may need 3-D Secure); a user only ever sees and changes their own cards.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { idParam } from '../../infra/http/validation';
import { pageAnswer, paginate, pageQuery } from '../../infra/http/pagination';
import { answers, noContent } from '../../infra/http/answers';
import { sendAnswer } from '../../infra/http/idempotency-keys';
import { NotFound, RuleBroken } from '../../domain/shared/errors';
import { validateCard } from '../../domain/payments/cards/card-rules';
import { cardFormat } from '../../domain/payments/cards/card-format';
import { cardsDecider } from '../../domain/payments/cards/decide';
import { cardsStream } from '../../domain/payments/cards/events';
import { savedWith } from '../../domain/payments/cards/state';
import { CARDS_MSG } from '../../domain/payments/cards/card-changes';
import type { CardsCommand } from '../../domain/payments/cards/commands';
import { awaitProjected } from '../accounts/account-commands';
import { cardPatchSchema, newCardSchema, prefixParam } from './schemas';
import { cardFormatSchema, cardViewSchema, challengeHtmlAnswer, decidedCard, ownCards } from './views';
import { keyedId } from '../../infra/http/keyed-ids';
import { JSON_TYPE, jsonString, paymentExists, startCardPayment, tokenize } from './card-payments';

export function cardsRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/user_payment_cards/', { schema: { summary: "The user's saved cards", querystring: pageQuery, response: answers({ 200: pageAnswer(cardViewSchema) }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const q = request.query;
    const { results, count } = await ownCards(ctx.db, user.id, q.page, q.page_size);
    return paginate(results, count, q.page, q.page_size, request.url);
  });

  // Resumable: a retry after the card check committed and its answer was lost answers the card it saved.
  app.post('/api/user_payment_cards/', { config: { idempotency: 'resumable' }, schema: { summary: 'Save a card (may answer a 3-D Secure challenge)', body: newCardSchema(() => ctx.clock.now()), response: answers({ 200: challengeHtmlAnswer, 201: cardViewSchema }, 400, 401, 409, 503) } }, async (request, reply) => {
    const user = requireUser(request);
    const now = ctx.clock.now();
    const body = request.body;
    const metadata = { user_id: user.id, request_id: request.id };
    reply.type(JSON_TYPE);
    return sendAnswer(reply, async () => {
      const cards = (await ctx.commands.load(cardsStream(user.id), cardsDecider)).state;
      const card = await tokenize(ctx, validateCard(body, now));
      const paymentId = keyedId(ctx, request, 'user_payment_cards');
      // The fingerprint says whether this number is saved already: refused before the provider checks the card, unless
      // this request's own check saved it (a retry carrying it on).
      const savedAlready = savedWith(cards, card.summary.fingerprint);
      const resumed = savedAlready !== null && await paymentExists(ctx, paymentId);
      if (savedAlready !== null && !resumed) throw new RuleBroken(CARDS_MSG.duplicate);
      const started = await startCardPayment(ctx, {
        paymentId, userId: user.id, purpose: 'save_card', amountPence: 0, description: 'Card check', card, saveCard: true,
        returnPath: body.return_path, returnQuery: {},
      }, metadata);
      if (started.status === 'requires_action') return { status: 200, body: jsonString(started.action.html) };
      // From the cards stream: the user_cards view may still be behind.
      const savedId = started.applied.savedCardId ?? (resumed ? savedAlready : null);
      const saved = savedId && (await decidedCard(ctx, user.id, savedId));
      if (!saved) throw new Error(`payment ${paymentId} succeeded without saving its card`);
      return { status: 201, body: saved };
    });
  });

  const change = async (userId: string, command: CardsCommand, requestId: string) => {
    const outcome = await ctx.commands.handle(cardsStream(userId), cardsDecider, command, { user_id: userId, request_id: requestId });
    await awaitProjected(ctx, outcome.append);
  };

  app.patch('/api/user_payment_cards/:id/', { schema: { summary: 'Make a card the default', params: idParam, body: cardPatchSchema, response: answers({ 200: cardViewSchema }, 400, 401, 404, 409) } }, async (request) => {
    const user = requireUser(request);
    const { id } = request.params;
    void request.body.default; // only `true` is accepted: read so a refused body answers its 400 here, as before
    await change(user.id, { type: 'SetDefaultCard', card_id: id, now: ctx.clock.now().toISOString() }, request.id);
    const card = await decidedCard(ctx, user.id, id);
    if (!card) throw new NotFound(CARDS_MSG.notFound);
    return card;
  });

  app.delete('/api/user_payment_cards/:id/', { schema: { summary: 'Delete a saved card', params: idParam, response: answers({ 204: noContent }, 400, 401, 404, 409) } }, async (request, reply) => {
    const user = requireUser(request);
    const { id } = request.params;
    await change(user.id, { type: 'RemoveCard', card_id: id, now: ctx.clock.now().toISOString() }, request.id);
    return reply.status(204).send(null);
  });

  app.get('/api/get_credit_card_format/:prefix/', { schema: { summary: 'Card brand and format from the first digits', params: prefixParam, response: answers({ 200: cardFormatSchema }, 400) } }, async (request) => {
    const { prefix } = request.params;
    return cardFormat(prefix);
  });
}
