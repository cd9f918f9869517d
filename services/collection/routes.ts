/**
 * The personal collection (docs/collection.md, docs/api.md "Collection"): GET /api/my-collection/,
 * POST /api/my-collection/add-item/, PATCH and DELETE /api/my-collection/{id}/, POST /api/my-collection/remove/,
 * GET /api/my_collection_total/ and /api/my_collection_graph/. Each user's items are their own stream
 * (`collection-<user>`): another user's item id answers 404, like an unknown one.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { answers } from '../../infra/http/answers';
import { collectionItemAnswer, collectionPageAnswer, graphAnswer, removedAnswer, totalAnswer } from './answers';
import { paginate } from '../../infra/http/pagination';
import { ValidationError } from '../../domain/shared/errors';
import { penceToDecimal } from '../../domain/shared/money';
import { collectionDecider } from '../../domain/collection/decide';
import { collectionStream, type CollectionItemDescription } from '../../domain/collection/events';
import type { CollectionCommand } from '../../domain/collection/commands';
import { monthlyValues } from '../../domain/collection/valuation';
import { idFromParams, findLot, metadataOf, settle } from '../catalogue/http';
import { addItemBody, listQuery, priceBody, removeBody } from './input';
import { valued } from './present';
import { describeLot, loadItems, loadSales, ownedItem } from './valuation-data';

async function run(ctx: AppContext, request: FastifyRequest, userId: string, command: CollectionCommand) {
  const outcome = await ctx.commands.handle(collectionStream(userId), collectionDecider, command, metadataOf(request));
  await settle(ctx, outcome);
  return outcome;
}

/** The caller's current items with their values now, and the sales behind them. */
async function current(ctx: AppContext, userId: string) {
  const rows = await loadItems(ctx, userId);
  const sales = await loadSales(ctx, rows.map((r) => r.item));
  const now = ctx.clock.now().toISOString();
  return { rows, sales, now, items: valued(rows, sales, now) };
}

const totals = (items: ReturnType<typeof valued>) => {
  let value = 0;
  let paid = 0;
  for (const i of items) { value += i.value.value_pence; paid += i.row.price_paid_pence ?? 0; }
  return { count: items.length, total_value: penceToDecimal(value), total_price_paid: penceToDecimal(paid), value, paid };
};

async function oneItem(ctx: AppContext, userId: string, id: string) {
  return (await current(ctx, userId)).items.find((i) => i.row.id === id)!.api;
}

export function collectionRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/my-collection/', { schema: { summary: "The user's collection (bottles held)", querystring: listQuery, response: answers({ 200: collectionPageAnswer }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const q = { ...request.query };
    const { items } = await current(ctx, user.id);
    const all = totals(items);
    const needle = q.search.toLowerCase();
    const found = needle === '' ? items : items.filter((i) => `${i.api.title} ${i.api.subtitle} ${i.api.distillery}`.toLowerCase().includes(needle));
    const field = q.ordering.replace(/^-/, '') as 'added_at' | 'title' | 'price_paid' | 'estimated_auction_value' | 'date';
    const key = (i: (typeof items)[number]): string | number => {
      switch (field) {
        case 'title': return i.api.title.toLowerCase();
        case 'price_paid': return i.row.price_paid_pence ?? -1;
        case 'estimated_auction_value': return i.value.value_pence;
        case 'date': return i.row.acquired_on;
        default: return i.row.added_at.getTime();
      }
    };
    const sign = q.ordering.startsWith('-') ? -1 : 1;
    const sorted = [...found].sort((a, b) => {
      const ka = key(a), kb = key(b);
      return (ka < kb ? -1 : ka > kb ? 1 : a.row.id.localeCompare(b.row.id)) * sign;
    });
    const page = sorted.slice((q.page - 1) * q.page_size, q.page * q.page_size).map((i) => i.api);
    return { ...paginate(page, found.length, q.page, q.page_size, request.url), total_value: all.total_value, total_price_paid: all.total_price_paid };
  });

  app.post('/api/my-collection/add-item/', { schema: { summary: 'Add an item to the collection', body: addItemBody, response: answers({ 201: collectionItemAnswer }, 400, 401) } }, async (request, reply) => {
    const user = requireUser(request);
    const body = { ...request.body };
    let item: CollectionItemDescription;
    let lotId: string | null = null;
    if (body.item !== undefined) {
      const lot = await findLot(ctx, body.item);
      if (!lot) throw new ValidationError({ item: ['Item not found.'] });
      item = describeLot(lot);
      lotId = lot.id;
    } else {
      const type = body.type ?? (body.cask ? 'cask' : 'bottle');
      item = {
        title: body.title!, subtitle: body.subtitle ?? '', distillery: body.distillery!, type, age: body.age ?? null,
        volume_ml: body.volume_ml ?? null, abv: body.abv, bottled_year: body.bottled_year ?? null, estimate_pence: null, photo: null,
        cask: type === 'cask' ? (body.cask ?? { cask_type: null, cask_number: null, bulk_litres: null, abv: body.abv, regauge_date: null }) : null,
      };
    }
    const itemId = randomUUID();
    await run(ctx, request, user.id, {
      type: 'AddCollectionItem', user_id: user.id, item_id: itemId, lot_id: lotId, item, price_paid_pence: body.price_paid,
      acquired_on: body.date, now: ctx.clock.now().toISOString(),
    });
    reply.code(201);
    return oneItem(ctx, user.id, itemId);
  });

  app.patch('/api/my-collection/:id/', { schema: { summary: "Change a collection item's price", body: priceBody, response: answers({ 200: collectionItemAnswer }, 400, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const id = idFromParams(request, 'Item not found.');
    const body = { ...request.body };
    await run(ctx, request, user.id, { type: 'ChangePricePaid', user_id: user.id, item_id: id, price_paid_pence: body.price_paid, now: ctx.clock.now().toISOString() });
    return oneItem(ctx, user.id, id);
  });

  const remove = async (request: FastifyRequest, userId: string, ids: string[]) => {
    await run(ctx, request, userId, { type: 'RemoveCollectionItems', user_id: userId, item_ids: ids, now: ctx.clock.now().toISOString() });
    const left = totals((await current(ctx, userId)).items);
    return { detail: ids.length === 1 ? 'The item was removed from your collection.' : 'The items were removed from your collection.',
      removed: [...new Set(ids)], count: left.count, total_value: left.total_value };
  };

  app.delete('/api/my-collection/:id/', { schema: { summary: 'Remove one item from the collection', response: answers({ 200: removedAnswer }, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    return remove(request, user.id, [idFromParams(request, 'Item not found.')]);
  });

  app.post('/api/my-collection/remove/', { schema: { summary: 'Remove several items from the collection', body: removeBody, response: answers({ 200: removedAnswer }, 400, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    return remove(request, user.id, request.body.objects);
  });

  app.get('/api/my_collection_total/', { schema: { summary: "The collection's total value", response: answers({ 200: totalAnswer }, 401) } }, async (request) => {
    const user = requireUser(request);
    const t = totals((await current(ctx, user.id)).items);
    return { count: t.count, total_value: t.total_value, total_price_paid: t.total_price_paid, gain: penceToDecimal(t.value - t.paid) };
  });

  app.get('/api/my_collection_graph/', { schema: { summary: "The collection's value over time", response: answers({ 200: graphAnswer }, 401) } }, async (request) => {
    const user = requireUser(request);
    const { rows, sales, now, items } = await current(ctx, user.id);
    const points = monthlyValues(rows.map(ownedItem), sales, now);
    return {
      results: points.map((p) => ({ month: p.month, date: p.date, value: penceToDecimal(p.value_pence) })),
      total_value: totals(items).total_value,
    };
  });
}
