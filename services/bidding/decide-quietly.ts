import { lotDecider } from '../../domain/catalogue/lot/decide';
import type { LotCommand } from '../../domain/catalogue/lot/commands';
import type { LotEvent } from '../../domain/catalogue/lot/events';
import type { LotState } from '../../domain/catalogue/lot/state';
import { DomainError } from '../../domain/shared/errors';

/**
 * Refusals are the common answer on a hot lot, and capturing a stack trace for each costs more than deciding.
 * Domain errors need none (they become 4xx answers), so the decision runs without; anything else thrown is a bug,
 * and since deciding is pure, it is decided again with stacks on so the error carries its real trace.
 */
export function decideQuietly(command: LotCommand, state: LotState): LotEvent[] {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return lotDecider.decide(command, state);
  } catch (error) {
    if (error instanceof DomainError) throw error;
  } finally {
    Error.stackTraceLimit = limit;
  }
  return lotDecider.decide(command, state);
}
