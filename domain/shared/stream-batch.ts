/**
 * Several deciders over several streams in one decision (for infra/commands/multi-stream.ts handleMany): each
 * command runs on its stream's state as changed by the commands before it, and the events are collected by stream.
 */
import type { Decider } from './decider';

export class StreamBatch {
  readonly events: Record<string, { type: string; data: unknown }[]> = {};
  private readonly states: Record<string, unknown>;

  constructor(states: Record<string, unknown>) {
    this.states = { ...states };
  }

  state<S>(streamId: string): S {
    if (!(streamId in this.states)) throw new Error(`stream ${streamId} was not loaded`);
    return this.states[streamId] as S;
  }

  run<S, C, E extends { type: string; data: unknown }>(streamId: string, decider: Decider<S, C, E>, command: C): E[] {
    const state = this.state<S>(streamId);
    const produced = decider.decide(command, state);
    this.states[streamId] = produced.reduce((s, e) => decider.evolve(s, e), state);
    if (produced.length > 0) this.events[streamId] = [...(this.events[streamId] ?? []), ...produced];
    return produced;
  }
}
