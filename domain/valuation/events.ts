/**
 * Valuation request events, on the stream `valuation-<id>`: plain JSON, instants as ISO strings, money in pence.
 * The stored files of each image are named in the event (generated names, never the visitor's), so the read model and
 * the image route find them from the events alone.
 */

export interface ValuationImage {
  image_id: string;
  /** Generated file names under the valuation uploads folder. */
  file: string;
  thumb: string;
  /** 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heif'. */
  content_type: string;
  size_bytes: number;
}

export interface ValuationObject { title: string; images: ValuationImage[] }

interface ValuationRequested {
  type: 'ValuationRequested';
  data: { valuation_id: string; reference_no: number; user_id: string; objects: ValuationObject[]; requested_at: string };
}

export interface ValuationAnswered {
  type: 'ValuationAnswered';
  data: {
    valuation_id: string; user_id: string; decision: 'estimate' | 'decline';
    low_pence: number | null; high_pence: number | null; message: string; by: string; answered_at: string;
  };
}

export type ValuationEvent = ValuationRequested | ValuationAnswered;

export const VALUATION_EVENT_TYPES: readonly ValuationEvent['type'][] = ['ValuationRequested', 'ValuationAnswered'];

export const valuationStream = (valuationId: string) => `valuation-${valuationId}`;

/** "V-000123": the reference the seller and staff quote. */
export const valuationReference = (n: number) => `V-${String(n).padStart(6, '0')}`;
