/** Payout methods: running the commands and reading them back (full for their owner, masked for choosing). */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { payoutDecider } from '../../domain/withdrawal/payout-method/decide';
import { payoutMethodsStream } from '../../domain/withdrawal/payout-method/events';
import type { PayoutInput } from '../../domain/withdrawal/payout-method/rules';
import { NotFound } from '../../domain/shared/errors';
import { METHOD_NOT_FOUND } from '../../domain/withdrawal/payout-method/change-methods';
import type { PayoutMethodsTable } from '../../projections/withdrawal/tables';
import '../../projections/withdrawal/tables';
import { payoutColumns } from '../../projections/withdrawal/payout-methods-projection';
import { awaitViews } from '../../infra/http/read-your-writes';
import type { MaskedPayoutMethod, PayoutMethodView } from './answers';


type Row = Selectable<PayoutMethodsTable>;

export function fullView(r: Pick<Row, 'id' | 'type' | 'account_owner_uk' | 'sort_code_uk' | 'account_number_uk' | 'account_owner_int' | 'iban_int' | 'bic_swift_int' | 'bank_address_int' | 'is_default' | 'created_at'>): PayoutMethodView {
  return {
    id: r.id, type: r.type, account_owner_uk: r.account_owner_uk, sort_code_uk: r.sort_code_uk, account_number_uk: r.account_number_uk,
    account_owner_int: r.account_owner_int, iban_int: r.iban_int, bic_swift_int: r.bic_swift_int, bank_address_int: r.bank_address_int,
    is_default: r.is_default, created_at: r.created_at.toISOString(),
  };
}

const FULL = ['id', 'type', 'account_owner_uk', 'sort_code_uk', 'account_number_uk', 'account_owner_int', 'iban_int', 'bic_swift_int',
  'bank_address_int', 'is_default', 'created_at'] as const;

export async function listPayoutMethods(ctx: Pick<AppContext, 'db'>, userId: string): Promise<PayoutMethodView[]> {
  const rows = await ctx.db.selectFrom('payout_methods').select(FULL).where('user_id', '=', userId)
    .orderBy('created_at').orderBy('id').execute();
  return rows.map(fullView);
}

export async function listMaskedPayoutMethods(ctx: Pick<AppContext, 'db'>, userId: string): Promise<MaskedPayoutMethod[]> {
  return ctx.db.selectFrom('payout_methods').select(['id', 'type', 'label', 'is_default']).where('user_id', '=', userId)
    .orderBy('created_at').orderBy('id').execute();
}

async function readOne(ctx: Pick<AppContext, 'db'>, userId: string, methodId: string): Promise<PayoutMethodView> {
  const row = await ctx.db.selectFrom('payout_methods').select(FULL).where('user_id', '=', userId).where('id', '=', methodId).executeTakeFirst();
  if (!row) throw new NotFound(METHOD_NOT_FOUND);
  return fullView(row);
}

/** Runs the command, waits (bounded) for the views, and answers the method as the stream now holds it. */
async function run(ctx: AppContext, userId: string, command: Parameters<typeof payoutDecider.decide>[0], metadata: EventMetadata): Promise<PayoutMethodView> {
  const outcome = await ctx.commands.handle(payoutMethodsStream(userId), payoutDecider, command, metadata);
  await awaitViews(ctx, outcome.append);
  const method = outcome.state.methods[command.method_id];
  if (!method) return readOne(ctx, userId, command.method_id);
  return fullView({
    id: method.id, ...payoutColumns(method.details), is_default: outcome.state.defaultId === method.id, created_at: new Date(method.created_at),
  });
}

export async function addPayoutMethod(
  ctx: AppContext, userId: string, input: PayoutInput, makeDefault: boolean, metadata: EventMetadata,
): Promise<PayoutMethodView> {
  const methodId = randomUUID();
  return run(ctx, userId, { type: 'AddPayoutMethod', user_id: userId, method_id: methodId, input, make_default: makeDefault, now: ctx.clock.now().toISOString() }, metadata);
}

export async function changePayoutMethod(
  ctx: AppContext, userId: string, methodId: string, input: PayoutInput, makeDefault: boolean, metadata: EventMetadata,
): Promise<PayoutMethodView> {
  return run(ctx, userId, { type: 'ChangePayoutMethod', user_id: userId, method_id: methodId, input, make_default: makeDefault, now: ctx.clock.now().toISOString() }, metadata);
}
