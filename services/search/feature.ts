/** The search slice (docs/search.md): lot search, its filter counters and suggestions, on PostgreSQL itself. */
import type { Feature } from '../features';
import { searchRoutes } from './routes';

export const searchFeature: Feature = {
  name: 'search',
  routes: searchRoutes,
};
