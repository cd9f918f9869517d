/**
 * The small set of errors the whole system speaks. The HTTP layer maps each kind to one status in one place
 * (infra/http/errors.ts); the domain only chooses the kind and the user-facing message.
 */
export type FieldErrors = Record<string, string[]>;

/**
 * A domain error is an answer, not a fault: it carries no stack trace. Capturing one costs several microseconds (a
 * sixth of a 401's whole CPU, an eighth of a 400's: docs/benchmarks.md), paid on every refusal, every request without
 * a token and every bad body, which is what a flood of them is made of; the message and kind say all a reader needs.
 * Other errors (bugs, a lost database) keep their traces.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: 'validation' | 'rule_broken' | 'not_found' | 'forbidden' | 'conflict' | 'unauthorized' | 'throttled' | 'unavailable';
  constructor(message?: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

/** Bad input: answered as 400 with `{field: [messages]}` (or `{detail}` when no field is named). */
export class ValidationError extends DomainError {
  readonly kind = 'validation' as const;
  constructor(readonly fields: FieldErrors, message = 'Invalid input') {
    super(message);
  }
}

/** A business rule refused the command (bid too low, lot closed...): 400 with `{detail}`. */
export class RuleBroken extends DomainError {
  readonly kind = 'rule_broken' as const;
}

export class NotFound extends DomainError {
  readonly kind = 'not_found' as const;
  constructor(message = 'Not found.') {
    super(message);
  }
}

export class Forbidden extends DomainError {
  readonly kind = 'forbidden' as const;
  constructor(message = 'You do not have permission to perform this action.') {
    super(message);
  }
}

export class Unauthorized extends DomainError {
  readonly kind = 'unauthorized' as const;
  constructor(message = 'Authentication credentials were not provided.') {
    super(message);
  }
}

export class Conflict extends DomainError {
  readonly kind = 'conflict' as const;
}

export class Throttled extends DomainError {
  readonly kind = 'throttled' as const;
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message);
  }
}

/**
 * The house is too busy for this request right now (e.g. the password hashing queue is full): 503 with
 * `Retry-After`. Unlike Throttled it says nothing about the caller; anyone may get it under a flood.
 */
export class Unavailable extends DomainError {
  readonly kind = 'unavailable' as const;
  constructor(readonly retryAfterSeconds: number, message = 'The service is temporarily unavailable. Please try again in a moment.') {
    super(message);
  }
}
