import type { Projection } from './projection';

/** Every read model, in the order the runner applies them. Add a projection here to run and rebuild it. */
export const allProjections: Projection[] = [];
