import { matchPath } from 'react-router';
import { type FlatRoute, mustFinishSelfRegistration, routeAccess } from './access.ts';
import type { AccessContext } from './types.ts';

/** The route whose path or one of whose extra paths matches exactly. */
export function findRoute(flat: readonly FlatRoute[], pathname: string): FlatRoute | undefined {
  // Static paths win over parameterised ones (/cameras/grid before /cameras/:uidd).
  const hits = flat.filter((r) =>
    [r.path, ...(r.aliases ?? [])].some((p) => matchPath({ path: p, end: true }, pathname)),
  );
  return hits.find((r) => !r.path.includes(':')) ?? hits[0];
}

/** The default of a paged section: the parent's own screen, else its first child without parameters. */
export function defaultPathOf(parent: FlatRoute, flat: readonly FlatRoute[]): string {
  if (parent.screen) return parent.path;
  const first = flat.find((r) => r.parentId === parent.id && !r.path.includes(':'));
  return first?.path ?? parent.path;
}

/**
 * Spec 000 §2: unknown paths inside a paged section redirect to its default path. Returns that default for a
 * path under a section that has children, or undefined when the path is outside every section, or when the
 * default is not among `flat` (the demo serves a subset) or is the path itself: going there would only come back.
 */
export function sectionFallback(flat: readonly FlatRoute[], pathname: string): string | undefined {
  const sections = flat
    .filter((r) => r.children && r.children.length > 0)
    .filter((r) => pathname.startsWith(`${r.path}/`))
    .sort((a, b) => b.path.length - a.path.length);
  const section = sections[0];
  const to = section ? defaultPathOf(section, flat) : undefined;
  return to !== undefined && to !== pathname && findRoute(flat, to) !== undefined ? to : undefined;
}

const pathOnly = (to: string): string => to.split(/[?#]/, 1)[0] ?? to;

/** A location this context may open: a route that resolves to 'allow'. */
export function isAvailable(flat: readonly FlatRoute[], ctx: AccessContext, to: string): boolean {
  const route = findRoute(flat, pathOnly(to));
  return route !== undefined && routeAccess(route, ctx).kind === 'allow';
}

export interface RedirectCandidates {
  /** The location the user was on before (router state `from`). */
  from?: string | undefined;
  /** A return path stored when the session ended, so signing in again goes back there. */
  returnPath?: string | undefined;
}

/** Account types that may use the partner portal. */
const PORTAL_TYPES = new Set(['i', 'd', 's']);

/**
 * Spec 000 §2: a logged-in user on a redirect-if-logged-in page goes to the first available of the previous
 * location, the stored return path, the portal (for account types that may use it), cameras, takeaway orders,
 * and the root.
 */
export function loggedInRedirect(
  flat: readonly FlatRoute[],
  ctx: AccessContext,
  c: RedirectCandidates,
  paths: { portal: string; cameras: string; orders: string; root: string; getStarted: string },
): string {
  // The forced self-registration step comes before every other destination.
  if (!ctx.demo && mustFinishSelfRegistration(ctx.session)) return `${paths.getStarted}?type=enduser`;
  const candidates: string[] = [];
  if (c.from) candidates.push(c.from);
  if (c.returnPath) candidates.push(c.returnPath);
  if (ctx.session && PORTAL_TYPES.has(ctx.session.accountType)) candidates.push(paths.portal);
  candidates.push(paths.cameras, paths.orders);
  // The root itself redirects, so it is only ever the last resort.
  return candidates.find((to) => pathOnly(to) !== paths.root && isAvailable(flat, ctx, to)) ?? paths.root;
}
