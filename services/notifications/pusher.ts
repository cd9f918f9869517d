/**
 * Pushes new notifications to this process's own sockets on `/ws/notifications/`. Every process runs one (each holds
 * its own users' sockets), following the notifications table in cause order from where it stood when it started
 * (in memory: a restart does not push old ones again; the list call shows them). Woken by this process's projection
 * runner after a pass that met new events, so a notification is pushed as soon as the projection has written it; a
 * live node runs no projections and polls every 100 ms.
 * Outbid is not pushed here: the live dispatcher pushes it straight from the feed (faster under bid load), with the
 * same id and text as the stored one (services/live/dispatch.ts).
 */
import type { LiveConnections } from '../context';
import { liveHub } from '../live/hub';
import { OUTBID_TEMPLATE } from '../live/messages';
import { cursorOf, lastCause, rowsAfter, toView, type CauseCursor } from './queries';
import type { Db } from '../../infra/db/database';
import { PeriodicTask, type PeriodicTaskOptions, type TaskLog } from '../../infra/workers/periodic-task';

/** A live node's pace, and a woken pusher's least gap between two passes. */
const POLL_MS = 100;

export class NotificationPusher {
  private cursor: CauseCursor | null = null;
  private readonly task: PeriodicTask;

  /** `wakes`: how this process's read models wake it (services/read-model-wakes.ts); none on a live node. */
  constructor(private readonly db: Db, private readonly live: LiveConnections, log: TaskLog, wakes: PeriodicTaskOptions = {}) {
    this.task = new PeriodicTask('notification pusher', POLL_MS, () => this.pushNew(), log, wakes);
  }

  async start(): Promise<void> {
    this.cursor = await lastCause(this.db);
    this.task.start();
  }

  async stop(): Promise<void> {
    await this.task.stop();
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
