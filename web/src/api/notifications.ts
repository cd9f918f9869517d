/** Notifications, keywords and the notification settings (spec 1: Notifications and keywords; docs/notifications.md). */
import { get, patch, post } from './http';
import type { AppNotification } from '../lib/notification-list';
import { unwrap } from '../lib/normalize';
import type { CurrentUser, Keyword, KeywordBody, KnownFields, MarkedRead, MarkReadBody, ProfileBody } from './contract';

export type { Keyword } from './contract';
interface Page<T> { count?: number; results?: T[] }

const listOf = <T>(v: unknown): T[] => (Array.isArray(v) ? v : ((v as Page<T>)?.results ?? [])) as T[];

export const fetchNotifications = (limit = 15) => get('/api/user_notifications/', { limit }).then((v) => listOf<AppNotification>(v));
export const markNotificationsRead = (ids: string[]) => patch<MarkedRead>('/api/notification_is_read/', { ids } satisfies MarkReadBody);

export const fetchKeywords = () => get('/api/keyword/', { limit: 999 }).then((v) => listOf<Keyword>(v));
export const addKeyword = (word: string) => post<Keyword>('/api/keyword/', { word } satisfies KeywordBody);
export const deleteKeyword = (pk: string | number) => post('/api/delete_keywords/', { pk });

type NotificationSettings = Pick<CurrentUser, 'audio_cue' | 'is_audio_cues' | 'promotional_email' | 'email_opt_outs'>;
export const saveNotificationSettings = (userId: string | number, s: Partial<NotificationSettings>) =>
  patch(`/api/users/${userId}/`, s satisfies KnownFields<Partial<NotificationSettings>, ProfileBody>).then((v) => unwrap<CurrentUser>(v));
