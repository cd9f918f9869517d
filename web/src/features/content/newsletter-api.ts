/** Staff newsletter campaign calls (docs/staff-api.md "Newsletter campaigns"). */
import type { Campaign, CampaignBody, CampaignDetail, EmailPreview } from '../../api/contract';
import { get, newIdempotencyKey, post, request } from '../../api/http';
import type { Page } from '../../lib/types';

export type CampaignInput = CampaignBody;
export type { CampaignDetail } from '../../api/contract';
type CampaignPage = Pick<Page<Campaign>, 'count' | 'total_pages' | 'results'>;

export const fetchCampaigns = (page: number, signal?: AbortSignal) => get<CampaignPage>('/api/staff/newsletters/', { page }, { signal });
export const fetchCampaign = (id: string) => get<CampaignDetail>(`/api/staff/newsletters/${id}/`);
export const saveCampaign = (id: string | null, body: CampaignInput) =>
  id ? request<CampaignDetail>(`/api/staff/newsletters/${id}/`, { method: 'PUT', body }) : post<CampaignDetail>('/api/staff/newsletters/', body);
export const previewCampaign = (body: CampaignInput) => post<EmailPreview & { subject: string; audience_count: number }>('/api/staff/newsletters/preview/', body);
/** `key`: one per send the staff member confirms, so a retried request (a lost answer) sends nothing twice. */
export const sendCampaign = (id: string, key: string) =>
  post<CampaignDetail>(`/api/staff/newsletters/${id}/send/`, undefined, { headers: { 'Idempotency-Key': key } });
export { newIdempotencyKey };
