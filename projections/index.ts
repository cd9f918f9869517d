import type { Projection } from './projection';
import { alertsProjection } from './alerts/projection';
import { usersProjection } from './accounts/users-projection';
import { newsletterProjection } from './accounts/newsletter-projection';
import { catalogueProjections } from './catalogue/index';
import { lotScheduleProjection } from './bidding/lot-schedule/projection';
import { walletProjection } from './wallet/projection';
import { payoutMethodsProjection } from './withdrawal/payout-methods-projection';
import { withdrawalsProjection } from './withdrawal/withdrawals-projection';
import { paymentsProjection } from './payments/payments-projection';
import { userCardsProjection } from './payments/user-cards-projection';
import { orderProjections } from './orders/index';
import { addressesProjection } from './addresses/projection';
import { lotNotesProjection } from './account-area/lot-notes-projection';
import { spendingCapsProjection } from './spending-cap/projection';
import { notificationsProjection } from './notifications/projection';
import { sellRequestsProjection } from './selling/projection';
import { valuationsProjection } from './valuation/projection';
import { collectionProjection } from './collection/projection';
import { contentProjection } from './content/projection';
import { newsletterCampaignsProjection } from './content/newsletter-campaigns/projection';

/** Every read model, in the order the runner applies them. Add a projection here to run and rebuild it. */
export const allProjections: Projection[] = [usersProjection, newsletterProjection, ...catalogueProjections, lotScheduleProjection, walletProjection,
  payoutMethodsProjection, withdrawalsProjection, paymentsProjection, userCardsProjection, ...orderProjections,
  addressesProjection, lotNotesProjection, alertsProjection, notificationsProjection, spendingCapsProjection,
  valuationsProjection, sellRequestsProjection, collectionProjection, contentProjection, newsletterCampaignsProjection];
