/**
 * Decides a run of commands against one stream's state in memory, each against the state the previous ones left,
 * so the seed can append a lot's whole story (consigned, bids, closed) in one append: the real deciders make every
 * event, and no scheduler can slip in between (e.g. close a past lot before its historical bids are written).
 */
import { randomUUID } from 'node:crypto';
import type { Decider } from '../../../domain/shared/decider';
import { DomainError } from '../../../domain/shared/errors';
import type { EventMetadata, NewEvent } from '../../../infra/event-store/types';

export interface Story<S, E> {
  state: S;
  events: E[];
}

export function startStory<S, C, E>(decider: Decider<S, C, E>): Story<S, E> {
  return { state: decider.initialState, events: [] };
}

/** Applies one command; a refused optional command (a bid the rules turn down) leaves the story unchanged. */
export function tell<S, C, E>(decider: Decider<S, C, E>, story: Story<S, E>, command: C, optional = false): boolean {
  try {
    const events = decider.decide(command, story.state);
    story.state = events.reduce((s, e) => decider.evolve(s, e), story.state);
    story.events.push(...events);
    return events.length > 0;
  } catch (error) {
    if (optional && error instanceof DomainError) return false;
    throw error;
  }
}

export function toNewEvents<E extends { type: string; data: unknown }>(events: E[], metadata: EventMetadata): NewEvent[] {
  return events.map((e) => ({ event_id: randomUUID(), type: e.type, data: e.data, metadata }));
}
