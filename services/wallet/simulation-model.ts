/**
 * For the wallet simulation test (not a test file itself): a seeded PRNG and a checker that re-reads each wallet's
 * events from the store and checks the ledger's invariants after every single event, with its own bookkeeping
 * (independent of the decider's state) to compare against.
 */
import * as assert from 'uvu/assert';
import type { EventStore } from '../../infra/event-store/event-store';
import { available, evolveWallet, initialWalletState, pending, type WalletState } from '../../domain/wallet/decide';
import { walletStream, type WalletEvent } from '../../domain/wallet/events';

/** The simulation never touches Math.random: the same seeded PRNG as the demo catalogue. */
export { seededRandom as prng } from '../catalogue/seed/random';

export class WalletChecker {
  state: WalletState = initialWalletState;
  version = 0;
  /** Own bookkeeping: posted from the amounts, active holds, and how often each hold ended. */
  posted = 0;
  readonly active = new Map<string, number>();
  readonly ended = new Map<string, number>();
  readonly placed = new Set<string>();
  readonly entries = new Set<string>();
  events = 0;
  /** The lowest posted balance seen after any event: the run must show that overdrafts were really used. */
  lowestPosted = 0;

  constructor(readonly userId: string) {}

  /** Reads the events appended since the last call and checks the invariants after each one. */
  async advance(store: EventStore): Promise<void> {
    const newer = await store.readStream<WalletEvent>(walletStream(this.userId), this.version);
    for (const stored of newer) {
      assert.is(stored.stream_version, this.version + 1, 'no gap in the stream');
      const event = { type: stored.type, data: stored.data } as WalletEvent;
      this.book(event);
      this.state = evolveWallet(this.state, event);
      this.version = stored.stream_version;
      this.events++;
      this.check(event);
    }
  }

  private book(event: WalletEvent): void {
    switch (event.type) {
      case 'WalletCredited':
      case 'WalletDebited':
        assert.ok(!this.entries.has(event.data.entry_id) && !this.placed.has(event.data.entry_id), `entry ${event.data.entry_id} recorded once`);
        assert.ok(Number.isSafeInteger(event.data.amount_pence) && event.data.amount_pence > 0, 'positive whole amount');
        this.entries.add(event.data.entry_id);
        this.posted += event.type === 'WalletCredited' ? event.data.amount_pence : -event.data.amount_pence;
        return;
      case 'HoldPlaced':
        assert.ok(!this.placed.has(event.data.hold_id) && !this.entries.has(event.data.hold_id), `hold ${event.data.hold_id} placed once`);
        assert.ok(Number.isSafeInteger(event.data.amount_pence) && event.data.amount_pence > 0, 'positive whole hold');
        this.placed.add(event.data.hold_id);
        this.active.set(event.data.hold_id, event.data.amount_pence);
        return;
      case 'HoldCaptured':
      case 'HoldReleased': {
        const id = event.data.hold_id;
        assert.is(this.active.get(id), event.data.amount_pence, `hold ${id} was active with this amount when it ended`);
        this.ended.set(id, (this.ended.get(id) ?? 0) + 1);
        assert.is(this.ended.get(id), 1, `hold ${id} captured or released at most once`);
        this.active.delete(id);
        if (event.type === 'HoldCaptured') this.posted -= event.data.amount_pence;
        return;
      }
      case 'OverdraftChanged':
        assert.ok(event.data.limit_pence >= 0, 'overdraft limit never negative');
        assert.is(event.data.previous_limit_pence, this.state.overdraftLimit, 'previous limit recorded');
        return;
    }
  }

  private check(event: WalletEvent): void {
    const where = `${this.userId} v${this.version} ${event.type}`;
    assert.is(this.state.posted, this.posted, `${where}: posted = credits - debits - captures`);
    this.lowestPosted = Math.min(this.lowestPosted, this.state.posted);
    const held = [...this.active.values()].reduce((a, b) => a + b, 0);
    assert.is(pending(this.state), held, `${where}: pending = active holds`);
    assert.ok(pending(this.state) >= 0, `${where}: pending never negative`);
    assert.ok(available(this.state) >= -this.state.overdraftLimit, `${where}: available ${available(this.state)} >= -overdraft ${this.state.overdraftLimit}`);
  }
}
