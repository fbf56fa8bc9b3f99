import type { InjectOptions } from 'fastify';
import { rolesWith } from '../../../common/capabilities';
import type { UserType } from '../../../common/roles';

/**
 * The server-side access matrix of server/http/authorization.test.ts is written by hand, one file per area,
 * from the intended policy (not read from the routes' config), so a route whose declared access drifts is
 * caught. Add a case here for every new /api route: the matrix test fails while a route has none.
 */
export type Access = 'public' | 'any' | readonly UserType[];

export interface Caller {
  name: string;
  /** The role the server must see: a forged claim does not change it. */
  role: UserType | null;
  ended: boolean;
  /** A teacher inside an institute: owner-only billing routes refuse them (the institute's plan covers them). */
  inInstitute?: boolean;
  headers: Record<string, string>;
  /** A second session of the same user, spent by logout. */
  spareHeaders: Record<string, string>;
  userId: string;
  remoteAddress: string;
}

/** What the matrix knows when it builds requests (values made in its beforeAll). */
export interface MatrixEnv {
  /** A signed URL to a file that does not exist. */
  missingFileUrl: string;
}

export interface RouteCase {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  access: Access;
  allowWhenEnded: boolean;
  /** Billing routes for plan owners: a teacher inside an institute gets 403 even though the role may call. */
  refusesInstituteTeachers?: boolean;
  request: (caller: Caller, env: MatrixEnv) => Omit<InjectOptions, 'method'> & { url: string };
}

/** A well-formed id nothing has: routes answer 404 (or 400) to it after deciding who may ask. */
export const NO_SUCH_ID = '6f1c1a5e-8a3b-4c6e-9d2f-0a1b2c3d4e5f';

export const ALL_ROLES: Access = 'any';
// Who may call each route comes from the capability map (common/capabilities.ts), as the routes' own
// `config.access` does; common/capabilities.test.ts pins the map itself to the spec's rules.
export const LEARNERS: Access = rolesWith('learn');
export const VIEWERS: Access = rolesWith('watch');
export const AUTHOR_ROLES: Access = rolesWith('author');
export const TEACHERS: Access = rolesWith('teach');
export const PLAN_HOLDERS: Access = rolesWith('hold-plan');
export const ADMINS: Access = rolesWith('administer');

export const own = (caller: Caller) => caller.userId;

/** Cases of routes that share one access rule: [method, route path, URL to call, body?]. */
export function casesFor(
  access: Access,
  rows: readonly (readonly [RouteCase['method'], string, string, unknown?])[],
  allowWhenEnded = false,
): RouteCase[] {
  return rows.map(([method, path, url, payload]) => ({
    method,
    path,
    access,
    allowWhenEnded,
    request: () => ({
      url,
      payload: payload ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
    }),
  }));
}
