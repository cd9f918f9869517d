/**
 * The accounts slice: registration, sign-in, sessions, password reset and change, the user's settings, newsletter
 * sign-up, the staff registration-fee switch, and the email outbox (sender, dev mailbox). Decisions: docs/accounts.md.
 */
import type { Feature } from '../features';
import type { AppContext } from '../context';
import { authRoutes } from './auth-routes';
import { passwordRoutes } from './password-routes';
import { userRoutes } from './user-routes';
import { staffUserRoutes } from './staff-user-routes';
import { mailRoutes } from '../dev-mailbox/routes';
import { OutboxSender, smtpTransport } from '../../infra/mail/sender';
import { demoAccountsWanted, ensureDemoUsers, warnOfDemoAccounts } from './demo-users';

const senders = new WeakMap<AppContext, OutboxSender>();

export const accountsFeature: Feature = {
  name: 'accounts',
  routes(app, ctx) {
    // The sign-in thread lives as long as the app: it starts when the app is ready and closes its pool with it.
    const thread = ctx.signInThread;
    if (thread) {
      app.addHook('onReady', async () => thread.start());
      app.addHook('onClose', async () => thread.close());
    }
    authRoutes(app, ctx);
    passwordRoutes(app, ctx);
    userRoutes(app, ctx);
    staffUserRoutes(app, ctx);
    mailRoutes(app, ctx);
  },
  async start(ctx) {
    if (ctx.config.smtpUrl) {
      const sender = new OutboxSender(ctx.db, smtpTransport(ctx.config.smtpUrl), ctx.config.mailFrom, ctx.clock, ctx.log, { databaseUrl: ctx.databaseUrl });
      senders.set(ctx, sender);
      await sender.start();
    }
    if (demoAccountsWanted(ctx.config)) await ensureDemoUsers(ctx);
    else if (ctx.config.production) await warnOfDemoAccounts(ctx);
  },
  async stop(ctx) {
    await senders.get(ctx)?.stop();
    senders.delete(ctx);
  },
};
