/** Collection calls (docs/api.md "Collection"). Money is a decimal string "125.00"; dates YYYY-MM-DD. */
import { del, get, patch, post } from '../../api/http';
import { toPage } from '../../lib/normalize';
import type { Page } from '../../lib/types';
import type {
  AddItemBody, CatalogueItem, CollectionGraph, CollectionItem, CollectionPage, CollectionRemoved, CollectionTotal, PriceBody, RemoveBody,
} from '../../api/contract';

export type { AddItemBody, CatalogueItem, CollectionItem } from '../../api/contract';

/** The list as the page reads it: the page (read leniently) with the totals. */
type CollectionPageView = Page<CollectionItem> & Pick<CollectionPage, 'total_value' | 'total_price_paid'>;

interface CollectionQuery { page: number; page_size: number; ordering: string; search: string }

export async function fetchCollection(q: CollectionQuery): Promise<CollectionPageView> {
  const raw = await get<Record<string, unknown>>('/api/my-collection/', { ...q, search: q.search || undefined });
  return { ...toPage<CollectionItem>(raw), total_value: String(raw.total_value ?? '0.00'), total_price_paid: String(raw.total_price_paid ?? '0.00') };
}

export const fetchGraph = () => get<CollectionGraph>('/api/my_collection_graph/');
export const fetchTotal = () => get<CollectionTotal>('/api/my_collection_total/');

export const changePricePaid = (id: string, price_paid: string) =>
  patch<CollectionItem>(`/api/my-collection/${id}/`, { price_paid } satisfies PriceBody);
export const deleteItem = (id: string) => del<CollectionRemoved>(`/api/my-collection/${id}/`);
export const removeItems = (objects: string[]) => post<CollectionRemoved>('/api/my-collection/remove/', { objects } satisfies RemoveBody);
export const addItem = (body: AddItemBody) => post<CollectionItem>('/api/my-collection/add-item/', body);

export async function searchItems(search: string): Promise<CatalogueItem[]> {
  return (await get<Page<CatalogueItem>>('/api/item_list/', { search, page: 1, page_size: 50 })).results;
}

export const METHOD_LABELS: Record<CollectionItem['estimated_value_method'], string> = {
  same_item: 'recent results of this bottle',
  same_bottling: 'recent results of the same bottling',
  estimate: 'the catalogue estimate',
  price_paid: 'the price paid (no auction results yet)',
  none: 'no data yet',
};
