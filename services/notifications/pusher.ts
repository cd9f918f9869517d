/**
 * Pushes new notifications to this process's own sockets on `/ws/notifications/`. Every process runs one (each holds
 * its own users' sockets), following the notifications table in cause order from where it stood when it started
 * (in memory: a restart does not push old ones again; the list call shows them). Polls every 100 ms: a notification
 * is pushed well within a second of the projection writing it.
 * Outbid is not pushed here: the live dispatcher pushes it straight from the feed (faster under bid load), with the
 * same id and text as the stored one (services/live/dispatch.ts).
 */
import type { LiveConnections } from '../context';
import { liveHub } from '../live/hub';
import { OUTBID_TEMPLATE } from '../live/messages';
import { cursorOf, lastCause, rowsAfter, toView, type CauseCursor } from './queries';
import type { Db } from '../../infra/db/database';

export class NotificationPusher {
  private cursor: CauseCursor | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly db: Db, private readonly live: LiveConnections, private readonly pollMs = 100) {}

  async start(): Promise<void> {
    this.cursor = await lastCause(this.db);
    this.timer = setInterval(() => void this.tick(), this.pollMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): void {
    if (this.running || !this.cursor) return;
    this.running = this.pushNew().catch(() => {}).finally(() => (this.running = null));
  }

  private async pushNew(): Promise<void> {
    const hub = liveHub(this.live);
    for (;;) {
      const rows = await rowsAfter(this.db, this.cursor!);
      if (rows.length === 0) return;
      for (const row of rows) {
        if (row.template === OUTBID_TEMPLATE || !hub) continue;
        const { updated_at: _u, time: _t, user: _user, ...notification } = toView(row);
        hub.toUser(row.user_id, 'notifications', JSON.stringify({ purpose: 'notification', notification }));
      }
      this.cursor = cursorOf(rows[rows.length - 1]);
    }
  }
}
