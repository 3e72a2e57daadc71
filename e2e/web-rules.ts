/**
 * The web app's own route table and rules, read by the table-driven suites: the e2e tests check that the real app,
 * on the real server, does what these rules (unit-tested against the spec in apps/web) say.
 */
export { ROUTE_TABLE } from '../apps/web/src/app/routes/route-table.ts';
export { MAIN_BRAND } from '../apps/web/src/shared/config/brand.ts';
export { paths } from '../apps/web/src/shared/config/paths.ts';
export { en } from '../apps/web/src/shared/i18n/en.ts';
export {
  type FlatRoute,
  flattenRoutes,
  navRoutes,
  routeAccess,
} from '../apps/web/src/shared/routing/access.ts';
export { defaultPathOf, loggedInRedirect } from '../apps/web/src/shared/routing/match.ts';
export type { AccessContext } from '../apps/web/src/shared/routing/types.ts';
