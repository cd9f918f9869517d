/**
 * A user's notification inbox stream (`notifications-<user>`): what they read and which templates they do not want
 * emailed. Marking read is an event so the notifications read model stays a pure function of the events.
 */
import type { Decider } from '../shared/decider';
import { assertNever } from '../shared/decider';
import type { Template } from './templates';

interface NotificationsRead { type: 'NotificationsRead'; data: { user_id: string; ids: string[]; read_at: string } }
interface EmailOptOutsChanged { type: 'EmailOptOutsChanged'; data: { user_id: string; email_opt_outs: Template[]; changed_at: string } }
export type InboxEvent = NotificationsRead | EmailOptOutsChanged;

/** `ids`: the caller's own unread notifications (the service filters them on the read model). */
interface MarkNotificationsRead { type: 'MarkNotificationsRead'; user_id: string; ids: string[]; now: string }
interface SetEmailOptOuts { type: 'SetEmailOptOuts'; user_id: string; email_opt_outs: Template[]; now: string }
type InboxCommand = MarkNotificationsRead | SetEmailOptOuts;

interface InboxState { emailOptOuts: Template[] }

export const inboxStream = (userId: string) => `notifications-${userId}`;

export const inboxDecider: Decider<InboxState, InboxCommand, InboxEvent> = {
  initialState: { emailOptOuts: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationsRead': return state;
      case 'EmailOptOutsChanged': return { emailOptOuts: event.data.email_opt_outs };
      default: return assertNever(event);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'MarkNotificationsRead': {
        const ids = [...new Set(command.ids)].sort();
        return ids.length === 0 ? [] : [{ type: 'NotificationsRead', data: { user_id: command.user_id, ids, read_at: command.now } }];
      }
      case 'SetEmailOptOuts': {
        const next = [...new Set(command.email_opt_outs)].sort();
        if (next.join() === [...state.emailOptOuts].sort().join()) return [];
        return [{ type: 'EmailOptOutsChanged', data: { user_id: command.user_id, email_opt_outs: next, changed_at: command.now } }];
      }
      default: return assertNever(command);
    }
  },
};
