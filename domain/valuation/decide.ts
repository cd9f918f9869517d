/**
 * One valuation request: asked once (1..10 objects, each with a title and 1..10 images), answered once by staff with
 * an estimate (0 < low <= high) or a decline, always with a message. A second answer is refused rather than
 * overwriting the first, because the seller has already been emailed the first one.
 */
import { assertNever, type Decider } from '../shared/decider';
import { NotFound, RuleBroken, ValidationError } from '../shared/errors';
import type { AnswerValuation, RequestValuation, ValuationCommand } from './commands';
import type { ValuationEvent } from './events';

export const MAX_OBJECTS = 10;
export const MAX_IMAGES_PER_OBJECT = 10;
const TITLE_MAX = 200;
const MESSAGE_MAX = 2000;

export const MSG = {
  noObjects: 'Add at least one object to value.',
  tooManyObjects: `You can ask for at most ${MAX_OBJECTS} objects in one request.`,
  noImages: (n: number) => `Object ${n}: add at least one photo.`,
  tooManyImages: (n: number) => `Object ${n}: at most ${MAX_IMAGES_PER_OBJECT} photos per object.`,
  titleRequired: (n: number) => `Object ${n}: enter a title.`,
  titleTooLong: (n: number) => `Object ${n}: the title can have at most ${TITLE_MAX} characters.`,
  alreadyRequested: 'This valuation request already exists.',
  notFound: 'Valuation request not found.',
  alreadyAnswered: 'This valuation request has already been answered.',
  messageRequired: 'Enter a message for the seller.',
  messageTooLong: `The message can have at most ${MESSAGE_MAX} characters.`,
  amounts: 'Enter both amounts of the estimate, each above zero.',
  lowAboveHigh: 'The low estimate cannot be above the high estimate.',
  noAmountsOnDecline: 'A declined request carries no estimate.',
} as const;

export interface ValuationState {
  exists: boolean;
  valuationId: string | null;
  userId: string | null;
  answered: boolean;
}

const initialValuationState: ValuationState = Object.freeze({ exists: false, valuationId: null, userId: null, answered: false });

function evolveValuation(state: ValuationState, event: ValuationEvent): ValuationState {
  switch (event.type) {
    case 'ValuationRequested':
      return { exists: true, valuationId: event.data.valuation_id, userId: event.data.user_id, answered: false };
    case 'ValuationAnswered':
      return { ...state, answered: true };
    default:
      return assertNever(event);
  }
}

/** The object-count and title rules, also used by the upload route to refuse before anything is stored. */
export function objectErrors(objects: { title: string; imageCount: number }[]): string[] {
  if (objects.length === 0) return [MSG.noObjects];
  if (objects.length > MAX_OBJECTS) return [MSG.tooManyObjects];
  const errors: string[] = [];
  objects.forEach((o, i) => {
    const title = o.title.trim();
    if (!title) errors.push(MSG.titleRequired(i + 1));
    else if (title.length > TITLE_MAX) errors.push(MSG.titleTooLong(i + 1));
    if (o.imageCount === 0) errors.push(MSG.noImages(i + 1));
    else if (o.imageCount > MAX_IMAGES_PER_OBJECT) errors.push(MSG.tooManyImages(i + 1));
  });
  return errors;
}

function request(command: RequestValuation, state: ValuationState): ValuationEvent[] {
  if (state.exists) throw new RuleBroken(MSG.alreadyRequested);
  const errors = objectErrors(command.objects.map((o) => ({ title: o.title, imageCount: o.images.length })));
  if (errors.length > 0) throw new ValidationError({}, errors[0]);
  const objects = command.objects.map((o) => ({ title: o.title.trim(), images: o.images.map((i) => ({ ...i })) }));
  return [{
    type: 'ValuationRequested',
    data: { valuation_id: command.valuation_id, reference_no: command.reference_no, user_id: command.user_id, objects, requested_at: command.now },
  }];
}

function answer(command: AnswerValuation, state: ValuationState): ValuationEvent[] {
  if (!state.exists || !state.userId || state.valuationId !== command.valuation_id) throw new NotFound(MSG.notFound);
  if (state.answered) throw new RuleBroken(MSG.alreadyAnswered);
  const message = command.message.trim();
  if (!message) throw new ValidationError({ message: [MSG.messageRequired] });
  if (message.length > MESSAGE_MAX) throw new ValidationError({ message: [MSG.messageTooLong] });
  const { low_pence: low, high_pence: high } = command;
  if (command.decision === 'estimate') {
    if (low === null || high === null || !(low > 0) || !(high > 0)) throw new ValidationError({ low: [MSG.amounts] });
    if (low > high) throw new ValidationError({ low: [MSG.lowAboveHigh] });
  } else if (low !== null || high !== null) {
    throw new ValidationError({ low: [MSG.noAmountsOnDecline] });
  }
  return [{
    type: 'ValuationAnswered',
    data: {
      valuation_id: command.valuation_id, user_id: state.userId, decision: command.decision, low_pence: low, high_pence: high, message,
      by: command.by, answered_at: command.now,
    },
  }];
}

/** The decider of one `valuation-<id>` stream. */
export const valuationDecider: Decider<ValuationState, ValuationCommand, ValuationEvent> = {
  initialState: initialValuationState,
  evolve: evolveValuation,
  decide(command, state) {
    if (!Number.isFinite(Date.parse(command.now))) throw new ValidationError({ now: ['Enter a valid date and time.'] });
    switch (command.type) {
      case 'RequestValuation':
        return request(command, state);
      case 'AnswerValuation':
        return answer(command, state);
      default:
        return assertNever(command);
    }
  },
};
