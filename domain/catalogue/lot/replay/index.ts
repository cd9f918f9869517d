/** Lot replay: the public entry points (docs/audit.md, "Lot replay"). */
export { replayLot } from './replay';
export { compareWithLive } from './compare';
export type * from './types';
