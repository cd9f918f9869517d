/** Row types of the valuation requests read model (migration 0640). */
interface ValuationObjectRow { title: string; image_ids: string[] }

export interface ValuationsTable {
  id: string;
  reference_no: number;
  user_id: string;
  status: 'pending' | 'estimated' | 'declined';
  objects: ValuationObjectRow[];
  created_at: Date;
  decision: 'estimate' | 'decline' | null;
  low_pence: number | null;
  high_pence: number | null;
  message: string | null;
  answered_by: string | null;
  answered_at: Date | null;
  /** The valuation stream version of the last event applied. */
  version: number;
}

interface ValuationImagesTable {
  image_id: string;
  valuation_id: string;
  user_id: string;
  file: string;
  thumb: string;
  content_type: string;
}

declare module '../../infra/db/database' {
  interface Database {
    valuations: ValuationsTable;
    valuation_images: ValuationImagesTable;
  }
}
