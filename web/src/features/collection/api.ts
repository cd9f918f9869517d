/** Collection calls (docs/api.md "Collection"). Money is a decimal string "125.00"; dates YYYY-MM-DD. */
import { del, get, patch, post } from '../../api/http';
import { toPage } from '../../lib/normalize';
import type { Page } from '../../lib/types';

interface CaskDetails {
  cask_type: string | null;
  cask_number: string | null;
  bulk_litres: number | null;
  abv: number | null;
  regauge_date: string | null;
  rla: number | null;
}

export interface CollectionItem {
  id: string;
  source: 'won' | 'catalogue' | 'manual';
  lot_id: string | null;
  title: string;
  subtitle: string;
  distillery: string;
  type: string;
  age: number | null;
  volume_ml: number | null;
  photo: string | null;
  cask: CaskDetails | null;
  price_paid: string | null;
  date: string;
  estimated_auction_value: string;
  estimated_value_method: 'same_item' | 'same_bottling' | 'estimate' | 'price_paid' | 'none';
  estimated_value_sales: number;
}

type CollectionPage = Page<CollectionItem> & { total_value: string; total_price_paid: string };

interface CollectionQuery { page: number; page_size: number; ordering: string; search: string }

export async function fetchCollection(q: CollectionQuery): Promise<CollectionPage> {
  const raw = await get<Record<string, unknown>>('/api/my-collection/', { ...q, search: q.search || undefined });
  return { ...toPage<CollectionItem>(raw), total_value: String(raw.total_value ?? '0.00'), total_price_paid: String(raw.total_price_paid ?? '0.00') };
}

interface GraphPoint { month: string; date: string; value: string }
export const fetchGraph = () => get<{ results: GraphPoint[]; total_value: string }>('/api/my_collection_graph/');
export const fetchTotal = () => get<{ count: number; total_value: string; total_price_paid: string; gain: string }>('/api/my_collection_total/');

export const changePricePaid = (id: string, price_paid: string) => patch<CollectionItem>(`/api/my-collection/${id}/`, { price_paid });
export const deleteItem = (id: string) => del<{ count: number; total_value: string }>(`/api/my-collection/${id}/`);
export const removeItems = (objects: string[]) => post<{ count: number; total_value: string }>('/api/my-collection/remove/', { objects });

export interface AddItemBody {
  item?: string;
  title?: string;
  distillery?: string;
  age?: number | null;
  volume_ml?: number | null;
  type?: 'bottle' | 'cask';
  cask?: Partial<CaskDetails> | null;
  price_paid: string;
  date: string;
}
export const addItem = (body: AddItemBody) => post<CollectionItem>('/api/my-collection/add-item/', body);

export interface CatalogueItem { id: string; title: string; subtitle: string; distillery: { name: string }; estimated_value: string; age: number | null }
export async function searchItems(search: string): Promise<CatalogueItem[]> {
  return toPage<CatalogueItem>(await get('/api/item_list/', { search, page: 1, page_size: 50 })).results;
}

export const METHOD_LABELS: Record<CollectionItem['estimated_value_method'], string> = {
  same_item: 'recent results of this bottle',
  same_bottling: 'recent results of the same bottling',
  estimate: 'the catalogue estimate',
  price_paid: 'the price paid (no auction results yet)',
  none: 'no data yet',
};
