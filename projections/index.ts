import type { Projection } from './projection';
import { usersProjection } from './users/users-projection';
import { newsletterProjection } from './users/newsletter-projection';
import { catalogueProjections } from './catalogue';
import { lotScheduleProjection } from './lot-schedule/projection';

/** Every read model, in the order the runner applies them. Add a projection here to run and rebuild it. */
export const allProjections: Projection[] = [usersProjection, newsletterProjection, ...catalogueProjections, lotScheduleProjection];
