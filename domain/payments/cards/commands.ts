/** Commands on a user's saved cards: ids, tokens and time come in from outside. */
import type { CardDetails } from './events';

export interface SaveCard { type: 'SaveCard'; user_id: string; card: CardDetails; payment_id: string | null; now: string }

export interface SetDefaultCard { type: 'SetDefaultCard'; card_id: string; now: string }

export interface RemoveCard { type: 'RemoveCard'; card_id: string; now: string }

export type CardsCommand = SaveCard | SetDefaultCard | RemoveCard;
