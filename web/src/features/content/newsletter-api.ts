/** Staff newsletter campaign calls (docs/staff-api.md "Newsletter campaigns"). */
import { get, newIdempotencyKey, post, request } from '../../api/http';

export interface CampaignInput { subject: string; body: string }
interface Campaign {
  id: string;
  subject: string;
  status: 'draft' | 'sent';
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  recipients_count: number | null;
  queued_count: number;
  pending_count: number;
  skipped_count: number;
}
interface EmailPreview { html: string; text: string }
export interface CampaignDetail extends Campaign { body: string; preview: EmailPreview }
interface CampaignPage { count: number; total_pages: number; results: Campaign[] }

export const fetchCampaigns = (page: number, signal?: AbortSignal) => get<CampaignPage>('/api/staff/newsletters/', { page }, { signal });
export const fetchCampaign = (id: string) => get<CampaignDetail>(`/api/staff/newsletters/${id}/`);
export const saveCampaign = (id: string | null, body: CampaignInput) =>
  id ? request<CampaignDetail>(`/api/staff/newsletters/${id}/`, { method: 'PUT', body }) : post<CampaignDetail>('/api/staff/newsletters/', body);
export const previewCampaign = (body: CampaignInput) => post<EmailPreview & { subject: string; audience_count: number }>('/api/staff/newsletters/preview/', body);
/** `key`: one per send the staff member confirms, so a retried request (a lost answer) sends nothing twice. */
export const sendCampaign = (id: string, key: string) =>
  post<CampaignDetail>(`/api/staff/newsletters/${id}/send/`, undefined, { headers: { 'Idempotency-Key': key } });
export { newIdempotencyKey };
