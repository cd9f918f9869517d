/** Lot replay: the public entry points (docs/audit.md, "Lot replay"). */
export { replayLot, outcomeAt, type ReplayOptions } from './replay';
export { compareWithLive } from './compare';
export { formatInstant } from './time';
export type * from './types';
