import { FEED_START, type StoredEvent } from '../../infra/event-store/types';
import type { EventStore } from '../../infra/event-store/event-store';

/** Every event visible in the feed now, in feed order (tests that replay or audit a whole house). */
export async function wholeFeed(store: Pick<EventStore, 'readFeed'>, pageSize = 1000): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for (let cursor = FEED_START; ;) {
    const page = await store.readFeed(cursor, pageSize);
    if (page.length === 0) return out;
    out.push(...page);
    cursor = { transaction_id: page.at(-1)!.transaction_id, position: page.at(-1)!.position };
  }
}
