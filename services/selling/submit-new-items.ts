/**
 * POST /api/sell_request/?type=new_items: everything is checked before anything is written (the body, the sign-up
 * form of a signed-out seller, the payout method, the auction's deadline, the pick-up date), so bad input leaves no
 * user, no payout method and no request behind. Then: the account (same service as POST /api/auth/register/), the
 * payout method (same service as POST /api/payment_methods/), the request.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { parseBody } from '../../infra/http/validation';
import { ValidationError, type FieldErrors } from '../../domain/shared/errors';
import { registrationSchema } from '../accounts/schemas';
import { register } from '../accounts/registration';
import { addPayoutMethod } from '../withdrawal/payout-methods';
import { accountKey, payoutDetails, type PayoutInput } from '../../domain/withdrawal/payout-method/rules';
import { payoutDecider } from '../../domain/withdrawal/payout-method/decide';
import { payoutMethodsStream } from '../../domain/withdrawal/payout-method/events';
import type { EventMetadata } from '../../infra/event-store/types';
import { METHOD_NOT_FOUND } from '../../domain/withdrawal/payout-method/change-methods';
import { sellRequestDecider } from '../../domain/selling/sell-requests/decide';
import { sellRequestStream, type SellAddress, type SellItem } from '../../domain/selling/sell-requests/events';
import { addressFields } from '../../domain/addresses/rules';
import type { SubmitSellRequest } from '../../domain/selling/sell-requests/commands';
import { pickUpDateError } from '../../domain/selling/sell-requests/pick-up-date';
import type { RegistrationForm } from '../../domain/accounts/registration-form';
import { newItemsBody, type NewItemsBody } from './schemas';
import { nextSellReference, settled, targetAuction } from './common';
import { recordedSubmission, type Recorded } from './document';
import '../../projections/withdrawal/tables';

const USER_DATA_REQUIRED = 'Sign in, or fill in your details to create an account.';
const PAYOUT_REQUIRED = 'Choose a saved payout method or add one.';

/** Field errors of a nested part, under its name ("user_data.email"). */
function nested(prefix: string, run: () => void): FieldErrors {
  try {
    run();
    return {};
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const out: FieldErrors = {};
    for (const [k, v] of Object.entries(e.fields)) out[`${prefix}.${k}`] = v;
    if (Object.keys(e.fields).length === 0) out[prefix] = [e.message];
    return out;
  }
}

const asPayoutInput = (data: Record<string, unknown>): PayoutInput => {
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : null);
  return {
    type: text(data.type), account_owner_uk: text(data.account_owner_uk), sort_code_uk: text(data.sort_code_uk), account_number_uk: text(data.account_number_uk),
    account_owner_int: text(data.account_owner_int), iban_int: text(data.iban_int), bic_swift_int: text(data.bic_swift_int), bank_address_int: text(data.bank_address_int),
  };
};

const itemsOf = (body: NewItemsBody): SellItem[] => body.items.map((i) => ({
  item_id: randomUUID(), title: i.title, distillery: i.distillery, type: i.type, age: i.age, volume_ml: i.volume_ml, abv: i.abv, quantity: i.quantity,
  description: i.description, estimate_low_pence: i.estimate_low, estimate_high_pence: i.estimate_high, source_lot_id: null,
}));

/** The same bank account sent again is the saved method, not a second one (the payout service refuses duplicates). */
async function savedOrNewMethod(ctx: AppContext, userId: string, input: PayoutInput, metadata: EventMetadata): Promise<string> {
  const key = accountKey(payoutDetails(input));
  const { state } = await ctx.commands.load(payoutMethodsStream(userId), payoutDecider);
  const saved = Object.values(state.methods).find((m) => accountKey(m.details) === key);
  return saved ? saved.id : (await addPayoutMethod(ctx, userId, input, false, metadata)).id;
}

/** `recorded`: the SellRequestSubmitted event and its position (the PDF is built from them, as when fetched again). */
interface Submitted { id: string; recorded: Recorded }

export async function submitNewItems(ctx: AppContext, request: FastifyRequest): Promise<Submitted> {
  const body = parseBody(newItemsBody, request.body);
  const now = ctx.clock.now();
  const errors: FieldErrors = {};

  let form: RegistrationForm | null = null;
  if (!request.user) {
    const d = body.user_data;
    if (!d) errors.user_data = [USER_DATA_REQUIRED];
    // The contract names the phone `phone`; the sign-up form calls it phone_number. Same rules either way.
    else Object.assign(errors, nested('user_data', () => { form = parseBody(registrationSchema(now), { ...d, phone_number: d.phone_number ?? d.phone }); }));
  }

  let payoutInput: PayoutInput | null = null;
  if (body.payment_id) {
    const own = request.user && await ctx.db.selectFrom('payout_methods').select('id').where('user_id', '=', request.user.id).where('id', '=', body.payment_id).executeTakeFirst();
    if (!own) errors.payment_id = [METHOD_NOT_FOUND];
  } else if (body.payment_data) {
    payoutInput = asPayoutInput(body.payment_data);
    Object.assign(errors, nested('payment_data', () => payoutDetails(payoutInput!)));
  } else {
    errors.payment_id = [PAYOUT_REQUIRED];
  }

  let address: SellAddress | null = null;
  Object.assign(errors, nested('address', () => {
    const a = addressFields(body.address);
    address = { apartment: a.apartment, country: a.country, region: a.region, city: a.city, zip_code: a.zip_code, street: a.street };
  }));

  const auction = await targetAuction(ctx, body.auction_id, 'auction_id', 'deadline').catch((e) => {
    if (!(e instanceof ValidationError)) throw e;
    Object.assign(errors, e.fields);
    return null;
  });
  if (body.type === 'courier_collection' && body.pick_up_date) {
    const dateError = pickUpDateError(body.pick_up_date, now.toISOString());
    if (dateError) errors.pick_up_date = [dateError];
  }
  if (Object.keys(errors).length > 0 || !auction) throw new ValidationError(errors);

  const metadata = { user_id: request.user?.id ?? null, request_id: request.id };
  const userId = request.user?.id ?? await register(ctx, form!, request).catch((e) => {
    // The email was taken meanwhile (the sign-up's own check): still a user_data field.
    if (!(e instanceof ValidationError)) throw e;
    throw new ValidationError(nested('user_data', () => { throw e; }));
  });
  const payoutId = body.payment_id ?? await savedOrNewMethod(ctx, userId, payoutInput!, { ...metadata, user_id: userId });

  const requestId = randomUUID();
  const reference = await nextSellReference(ctx);
  const command: SubmitSellRequest = {
    type: 'SubmitSellRequest', request_id: requestId, reference, user_id: userId, kind: 'new_items', delivery: body.type,
    auction: { id: auction.id, bottles_add_deadline: auction.bottles_add_deadline.toISOString() }, items: itemsOf(body), address,
    note: body.note, valuation_id: body.valuation_id, payout_method_id: payoutId, boxes: body.boxes, insurance: body.insurance,
    pick_up_date: body.pick_up_date, consigned_lots: {}, now: ctx.clock.now().toISOString(),
  };
  const outcome = await ctx.commands.handle(sellRequestStream(requestId), sellRequestDecider, command, { ...metadata, user_id: userId });
  await settled(ctx, outcome.append ? [outcome.append] : []);
  return { id: requestId, recorded: recordedSubmission(outcome) };
}
