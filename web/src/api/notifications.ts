/** Notifications, keywords and the notification settings (spec 1: Notifications and keywords; docs/notifications.md). */
import { get, patch, post } from './http';
import { unwrap } from '../lib/normalize';
import type { CurrentUser, Keyword, KeywordBody, KeywordList, KnownFields, MarkedRead, MarkReadBody, NotificationList, ProfileBody } from './contract';

export type { Keyword } from './contract';

export const fetchNotifications = async (limit = 15) => (await get<NotificationList>('/api/user_notifications/', { limit })).results;
export const markNotificationsRead = (ids: string[]) => patch<MarkedRead>('/api/notification_is_read/', { ids } satisfies MarkReadBody);

/** The keywords in one page, the largest the server allows (999). */
export const fetchKeywords = async () => (await get<KeywordList>('/api/keyword/', { limit: 999 })).results;
export const addKeyword = (word: string) => post<Keyword>('/api/keyword/', { word } satisfies KeywordBody);
export const deleteKeyword = (pk: string | number) => post('/api/delete_keywords/', { pk });

type NotificationSettings = Pick<CurrentUser, 'audio_cue' | 'is_audio_cues' | 'promotional_email' | 'email_opt_outs'>;
export const saveNotificationSettings = (userId: string | number, s: Partial<NotificationSettings>) =>
  patch(`/api/users/${userId}/`, s satisfies KnownFields<Partial<NotificationSettings>, ProfileBody>).then((v) => unwrap<CurrentUser>(v));
