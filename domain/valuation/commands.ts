/** Valuation commands: ids, time and the stored file names come from the server; the user from the session. */
import type { ValuationObject } from './events';

export interface RequestValuation {
  type: 'RequestValuation';
  valuation_id: string;
  reference_no: number;
  user_id: string;
  /** Titles as typed (the decider trims and checks them); images already checked and stored under temp names. */
  objects: ValuationObject[];
  now: string;
}

export interface AnswerValuation {
  type: 'AnswerValuation';
  valuation_id: string;
  decision: 'estimate' | 'decline';
  /** Pence; only for an estimate. */
  low_pence: number | null;
  high_pence: number | null;
  message: string;
  /** The staff member's id. */
  by: string;
  now: string;
}

export type ValuationCommand = RequestValuation | AnswerValuation;
