/** The account area's lot answers as zod schemas (docs/account-area.md): the dashboard's page of lots. */
import { z } from 'zod';
import { money } from '../../infra/http/answers';
import { pageAnswer } from '../../infra/http/pagination';
import { lotAnswer } from '../catalogue/lots/lot-answer';
import { auctionAnswer } from '../catalogue/auctions/auction-answer';

const dashboardState = z.enum(['winning', 'outbid', 'won', 'lost', 'watching']);

/** The caller's lots in one auction: the lot page plus the auction, the counts of every state and what they come to. */
export const dashboardAnswer = pageAnswer(lotAnswer.extend({ dashboard_state: dashboardState.describe('Where the caller stands on the lot.') })).extend({
  auction: auctionAnswer.nullable().describe('null: no such auction (no live one, or none ended yet).'),
  counts: z.object({ total: z.number().int(), winning: z.number().int(), outbid: z.number().int(), won: z.number().int(), lost: z.number().int(), watching: z.number().int() }),
  total_amount: money.describe('Hammer prices of the lots won plus current prices of the lots winning.'),
}).meta({ id: 'DashboardLots' });
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
