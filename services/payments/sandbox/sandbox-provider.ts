/**
 * The sandbox payment provider: behaves like a card processor in test mode (services/payments/sandbox/test-cards.ts)
 * and keeps its state in its own tables, as a real provider keeps it on its side. A card becomes a random token
 * mapped to its fingerprint (an HMAC of the number: same number, same fingerprint), brand, last four, expiry and test
 * behaviour; the number and the CVC are never written anywhere. Payments and card set-ups are "intents", created once
 * per idempotency key; a 3-D Secure challenge is a random 32-byte token kept only as its hash, used once.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { ValidCard } from '../../../domain/payments/cards/card-rules';
import { luhnValid } from '../../../domain/payments/cards/card-rules';
import { cardBrand } from '../../../domain/payments/cards/card-format';
import { RuleBroken } from '../../../domain/shared/errors';
import type { CardSource, CardSummary, PaymentProvider, PaymentRequest, ProviderResult, SetupRequest, TokenizeResult } from '../provider';
import { REFUSALS, refusalOf, scenarioOf, type Refusal, type Scenario } from './test-cards';
import { challengePath, paymentHtml, type ChallengeView } from './challenge-page';
import type { SandboxCardsTable, SandboxDb, SandboxIntentsTable } from './tables';

const UNKNOWN_TOKEN = 'This card can no longer be used. Please enter its details again.';

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const hashChallengeToken = (token: string) => createHash('sha256').update(token).digest('hex');

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  private readonly fingerprintKey: Buffer;

  constructor(private readonly ctx: Pick<AppContext, 'db' | 'clock' | 'tokens'>) {
    this.fingerprintKey = ctx.tokens.deriveKey('sandbox-card-fingerprint');
  }

  private get db(): SandboxDb {
    // Its own tables, outside the read models' Database type.
    return this.ctx.db as unknown as SandboxDb;
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  async tokenizeCard(card: ValidCard): Promise<TokenizeResult> {
    if (!luhnValid(card.number)) return { status: 'failed', ...REFUSALS.incorrect_number };
    const row: SandboxCardsTable = {
      token: randomId('card'),
      fingerprint: createHmac('sha256', this.fingerprintKey).update(card.number).digest('base64url').slice(0, 32),
      brand: cardBrand(card.number).brand,
      last4: card.number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      scenario: scenarioOf(card.number),
      authenticated: false,
      created_at: this.now(),
    };
    await this.db.insertInto('sandbox_cards').values(row).execute();
    return { status: 'tokenized', card: summaryOf(row) };
  }

  createPayment(request: PaymentRequest): Promise<ProviderResult> {
    return this.createIntent('payment', request.amount_pence, request.description, request.source, request.return_url, request.idempotency_key);
  }

  setupCard(request: SetupRequest): Promise<ProviderResult> {
    return this.createIntent('setup', 0, 'Card check', request.source, request.return_url, request.idempotency_key);
  }

  async getPayment(providerRef: string): Promise<ProviderResult | null> {
    const intent = await this.db.selectFrom('sandbox_intents').selectAll().where('id', '=', providerRef).executeTakeFirst();
    if (!intent) return null;
    return this.resultOf(intent, await this.card(intent.card_token), null);
  }

  async findPayment(idempotencyKey: string): Promise<ProviderResult | null> {
    const intent = await this.db.selectFrom('sandbox_intents').selectAll()
      .where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    if (!intent) return null;
    return this.resultOf(intent, await this.card(intent.card_token), null);
  }

  async completeChallenge(providerRef: string, challengeToken: string, outcome: 'complete' | 'fail'): Promise<{ return_url: string } | null> {
    const hash = hashChallengeToken(challengeToken);
    const failure = outcome === 'fail' ? REFUSALS.authentication_failed : null;
    // One statement decides: only a pending intent with this very token moves, so two tabs cannot both decide.
    const decided = await this.db.updateTable('sandbox_intents')
      .set({
        status: failure ? 'failed' : 'succeeded', failure_code: failure?.code ?? null, failure_message: failure?.message ?? null,
        challenge_used_at: this.now(), updated_at: this.now(),
      })
      .where('id', '=', providerRef).where('status', '=', 'requires_action').where('challenge_token_hash', '=', hash)
      .returning(['return_url', 'kind', 'card_token']).executeTakeFirst();
    if (decided) {
      if (!failure && decided.kind === 'setup') {
        await this.db.updateTable('sandbox_cards').set({ authenticated: true }).where('token', '=', decided.card_token).execute();
      }
      return { return_url: decided.return_url };
    }
    // A used token (a second tab, a double click) changes nothing but still leads back to the outcome.
    const used = await this.db.selectFrom('sandbox_intents').select('return_url')
      .where('id', '=', providerRef).where('challenge_token_hash', '=', hash).where('status', '<>', 'requires_action').executeTakeFirst();
    return used ? { return_url: used.return_url } : null;
  }

  async refund(providerRef: string, amountPence: number, idempotencyKey: string): Promise<{ refund_ref: string }> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const db = trx as unknown as SandboxDb;
      const inserted = await db.insertInto('sandbox_refunds')
        .values({ id: randomId('re'), intent_id: providerRef, idempotency_key: idempotencyKey, amount_pence: amountPence, created_at: this.now() })
        .onConflict((oc) => oc.column('idempotency_key').doNothing()).returning('id').executeTakeFirst();
      if (!inserted) {
        const earlier = await db.selectFrom('sandbox_refunds').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow();
        return { refund_ref: earlier.id };
      }
      const updated = await db.updateTable('sandbox_intents')
        .set((eb) => ({ refunded_pence: eb('refunded_pence', '+', amountPence), updated_at: this.now() }))
        .where('id', '=', providerRef).where('status', '=', 'succeeded').where(sql<boolean>`refunded_pence + ${amountPence} <= amount_pence`)
        .returning('id').executeTakeFirst();
      if (!updated) throw new Error(`sandbox: intent ${providerRef} cannot be refunded ${amountPence}`);
      return { refund_ref: inserted.id };
    });
  }

  /**
   * What the challenge page shows for this intent and token: the view while the challenge is open, the return URL
   * once it was decided (a reload, a second tab), null for a token that is not this intent's.
   */
  async challenge(intentId: string, challengeToken: string): Promise<{ open: ChallengeView } | { decided: string } | null> {
    const intent = await this.db.selectFrom('sandbox_intents').selectAll()
      .where('id', '=', intentId).where('challenge_token_hash', '=', hashChallengeToken(challengeToken)).executeTakeFirst();
    if (!intent) return null;
    if (intent.status !== 'requires_action') return { decided: intent.return_url };
    const card = await this.card(intent.card_token);
    return {
      open: {
        intentId, token: challengeToken, amountPence: intent.amount_pence, kind: intent.kind, description: intent.description,
        last4: card.last4, brand: card.brand,
      },
    };
  }

  /** The intent for this idempotency key: made now, or the one made earlier with it (then with a fresh challenge link). */
  private async createIntent(kind: 'payment' | 'setup', amount: number, description: string, source: CardSource, returnUrl: string, key: string): Promise<ProviderResult> {
    const earlier = await this.db.selectFrom('sandbox_intents').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
    if (earlier) return this.answerAgain(earlier);
    const card = await this.cardFor(source);
    const outcome = this.decide(kind, card);
    const token = outcome === 'challenge' ? randomBytes(32).toString('base64url') : null;
    const intent: SandboxIntentsTable = {
      id: randomId(kind === 'payment' ? 'pi' : 'seti'), kind, idempotency_key: key, amount_pence: amount, description, card_token: card.token,
      status: outcome === 'challenge' ? 'requires_action' : outcome === 'succeeded' ? 'succeeded' : 'failed',
      failure_code: typeof outcome === 'object' ? outcome.code : null, failure_message: typeof outcome === 'object' ? outcome.message : null,
      challenge_token_hash: token ? hashChallengeToken(token) : null, challenge_used_at: null, return_url: returnUrl, refunded_pence: 0,
      created_at: this.now(), updated_at: this.now(),
    };
    const inserted = await this.db.insertInto('sandbox_intents').values(intent)
      .onConflict((oc) => oc.column('idempotency_key').doNothing()).returning('id').executeTakeFirst();
    if (!inserted) {
      // The same key at the same moment: the first one made stands.
      return this.answerAgain(await this.db.selectFrom('sandbox_intents').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow());
    }
    if (kind === 'setup' && intent.status === 'succeeded') {
      await this.db.updateTable('sandbox_cards').set({ authenticated: true }).where('token', '=', card.token).execute();
    }
    return this.resultOf(intent, card, token);
  }

  private async answerAgain(intent: SandboxIntentsTable): Promise<ProviderResult> {
    let token: string | null = null;
    if (intent.status === 'requires_action') {
      // Only the hash of the first link is kept, so a repeated request gets a new link (the old one stops working).
      token = randomBytes(32).toString('base64url');
      await this.db.updateTable('sandbox_intents').set({ challenge_token_hash: hashChallengeToken(token), updated_at: this.now() })
        .where('id', '=', intent.id).where('status', '=', 'requires_action').execute();
    }
    return this.resultOf(intent, await this.card(intent.card_token), token);
  }

  private decide(kind: 'payment' | 'setup', card: SandboxCardsTable): 'succeeded' | 'challenge' | Refusal {
    const now = this.ctx.clock.now();
    if (card.exp_year * 12 + card.exp_month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return REFUSALS.expired_card;
    const refusal = refusalOf(card.scenario as Scenario);
    if (refusal) return refusal;
    // A card that passed its challenge when it was saved is not challenged again when paying with its token.
    if (card.scenario === 'challenge' && !(kind === 'payment' && card.authenticated)) return 'challenge';
    return 'succeeded';
  }

  private async cardFor(source: CardSource): Promise<SandboxCardsTable> {
    if ('token' in source) return this.card(source.token);
    const made = await this.tokenizeCard(source.card);
    if (made.status === 'failed') throw new RuleBroken(made.message);
    return this.card(made.card.token);
  }

  private async card(token: string): Promise<SandboxCardsTable> {
    const card = await this.db.selectFrom('sandbox_cards').selectAll().where('token', '=', token).executeTakeFirst();
    if (!card) throw new RuleBroken(UNKNOWN_TOKEN);
    return card;
  }

  private resultOf(intent: SandboxIntentsTable, card: SandboxCardsTable, challengeToken: string | null): ProviderResult {
    const summary = summaryOf(card);
    switch (intent.status) {
      case 'succeeded':
        return { status: 'succeeded', provider_ref: intent.id, card: summary };
      case 'failed':
        return { status: 'failed', provider_ref: intent.id, card: summary, code: intent.failure_code ?? 'failed', message: intent.failure_message ?? REFUSALS.declined.message };
      case 'requires_action':
        return {
          status: 'requires_action', provider_ref: intent.id, card: summary,
          action: challengeToken ? { url: `${challengePath(intent.id)}?t=${challengeToken}`, html: paymentHtml(intent.id, challengeToken) } : null,
        };
      default:
        throw new Error(`sandbox: unknown intent status ${String(intent.status)}`);
    }
  }
}

function summaryOf(card: SandboxCardsTable): CardSummary {
  return { token: card.token, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, fingerprint: card.fingerprint };
}
