import { flattenRoutes } from '../../shared/routing/access.ts';
import { ROUTE_TABLE } from './route-table.ts';

/** The route table flattened once, with inherited restrictions filled in. */
export const FLAT_ROUTES = flattenRoutes(ROUTE_TABLE);
