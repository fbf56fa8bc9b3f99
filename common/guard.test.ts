import { describe, expect, it } from 'vitest';
import { decideRoute, deniedNotice, endedPage, type GuardSession, landingFor } from './guard';
import { USER_TYPES, type UserType } from './roles';
import { canOpen, homeFor, ROUTES, ROUTES_WHEN_ENDED } from './routes';

const TRIAL_ENDED = '/information?page=free-trial-ended';
const SUBSCRIPTION_ENDED = '/information?page=subscription-ended';

const session = (userType: string | null, extra: Partial<GuardSession> = {}): GuardSession => ({
  userType,
  trialEnded: false,
  subscriptionEnded: false,
  ...extra,
});

const GUEST_ROUTES = ROUTES.filter((route) => route.access === 'guest');
const PUBLIC_ROUTES = ROUTES.filter((route) => route.access === 'public');
const ROLE_ROUTES = ROUTES.filter((route) => typeof route.access !== 'string');
const ENDED_ALLOWED: readonly string[] = ['/information', '/plan', '/payment-history', '/invoice'];

describe('decideRoute: unknown paths', () => {
  it('answers not-found whoever asks', () => {
    for (const who of [null, session('admin'), session('hacker'), session('teacher', { trialEnded: true })]) {
      expect(decideRoute('/no-such-page', '', who)).toEqual({ kind: 'not-found' });
      expect(decideRoute('/dashboard/extra', '', who)).toEqual({ kind: 'not-found' });
    }
  });

  it('tolerates a trailing slash on known paths', () => {
    expect(decideRoute('/dashboard/', '', session('admin'))).toEqual({ kind: 'allow' });
    expect(decideRoute('/dashboard/', '', null)).toEqual({ kind: 'redirect', to: '/login' });
  });
});

describe('decideRoute: without a session', () => {
  it('sends every role route to /login', () => {
    for (const route of ROLE_ROUTES) {
      expect(decideRoute(route.path, '', null), route.path).toEqual({ kind: 'redirect', to: '/login' });
      expect(decideRoute(route.path, '', session(null)), route.path).toEqual({
        kind: 'redirect',
        to: '/login',
      });
      expect(decideRoute(route.path, '', session('')), route.path).toEqual({
        kind: 'redirect',
        to: '/login',
      });
    }
  });

  it('opens guest-only and public pages', () => {
    for (const route of [...GUEST_ROUTES, ...PUBLIC_ROUTES]) {
      expect(decideRoute(route.path, '', null), route.path).toEqual({ kind: 'allow' });
      expect(decideRoute(route.path, '', session(null)), route.path).toEqual({ kind: 'allow' });
    }
  });
});

describe('decideRoute: guest-only pages when logged in', () => {
  it('sends each role to its home', () => {
    const homes: Record<UserType, string> = {
      admin: '/dashboard',
      teacher: '/guru-list',
      institute: '/guru-list',
      student: '/subscribed-courses',
      partner: '/invoice',
      developer: '/logs',
    };
    for (const role of USER_TYPES) {
      for (const route of GUEST_ROUTES) {
        expect(decideRoute(route.path, '', session(role)), `${role} ${route.path}`).toEqual({
          kind: 'redirect',
          to: homes[role],
        });
      }
    }
  });

  it('keeps /login open for a share link while logged in', () => {
    for (const role of USER_TYPES) {
      expect(decideRoute('/login', '?shareToken=x', session(role)), role).toEqual({ kind: 'allow' });
      expect(decideRoute('/login', 'shareToken=x', session(role)), role).toEqual({ kind: 'allow' });
    }
    expect(decideRoute('/login', '?next=1&shareToken=abc', session('teacher'))).toEqual({ kind: 'allow' });
  });

  it('does not treat other queries or other pages as share links', () => {
    expect(decideRoute('/login', '?next=/dashboard', session('admin'))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decideRoute('/sign-up', '?shareToken=x', session('student'))).toEqual({
      kind: 'redirect',
      to: '/subscribed-courses',
    });
  });
});

describe('decideRoute: tampered role', () => {
  const tampered = ['superuser', 'Admin', ' admin', 'undefined', 'null'];

  it('reports tampering on role routes', () => {
    for (const userType of tampered) {
      for (const route of ROLE_ROUTES) {
        expect(decideRoute(route.path, '', session(userType)), `${userType} ${route.path}`).toEqual({
          kind: 'tampered',
        });
      }
    }
  });

  it('reports tampering on guest routes, share link or not', () => {
    for (const userType of tampered) {
      for (const route of GUEST_ROUTES) {
        expect(decideRoute(route.path, '', session(userType)), `${userType} ${route.path}`).toEqual({
          kind: 'tampered',
        });
      }
      expect(decideRoute('/login', '?shareToken=x', session(userType))).toEqual({ kind: 'tampered' });
    }
  });

  it('reports tampering even when the trial has ended', () => {
    expect(decideRoute('/plan', '', session('root', { trialEnded: true }))).toEqual({ kind: 'tampered' });
  });
});

describe('decideRoute: roles', () => {
  it('sends a role that may not open a route to its home', () => {
    expect(decideRoute('/dashboard', '', session('teacher'))).toEqual({ kind: 'redirect', to: '/guru-list' });
    expect(decideRoute('/guru-list', '', session('student'))).toEqual({
      kind: 'redirect',
      to: '/subscribed-courses',
    });
    expect(decideRoute('/invoice', '', session('admin'))).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideRoute('/logs', '', session('partner'))).toEqual({ kind: 'redirect', to: '/invoice' });
    expect(decideRoute('/teacher-list', '', session('teacher'))).toEqual({
      kind: 'redirect',
      to: '/guru-list',
    });
    expect(decideRoute('/partner-report', '', session('developer'))).toEqual({
      kind: 'redirect',
      to: '/logs',
    });
  });

  it('says why a role was sent home: /teacher-list and /student-list are for institutes', () => {
    for (const role of ['admin', 'teacher', 'student', 'partner', 'developer'] as const) {
      expect(deniedNotice('/teacher-list', role), role).toBe(
        'The page “Teachers” is for institutes only, so you were brought to your home page.',
      );
      expect(deniedNotice('/student-list', role), role).toBe(
        'The page “Students” is for institutes only, so you were brought to your home page.',
      );
    }
    expect(deniedNotice('/teacher-list', 'institute')).toBeNull();
    expect(deniedNotice('/report', 'student')).toBe(
      'The page “Reports” is for teachers and institutes only, so you were brought to your home page.',
    );
    // Guest and public pages, unknown paths and unknown roles have nothing to say.
    expect(deniedNotice('/login', 'teacher')).toBeNull();
    expect(deniedNotice('/information', 'teacher')).toBeNull();
    expect(deniedNotice('/nowhere', 'teacher')).toBeNull();
    expect(deniedNotice('/dashboard', 'root')).toBeNull();
  });

  it('agrees with canOpen for every route and role', () => {
    for (const role of USER_TYPES) {
      for (const route of ROUTES) {
        const decision = decideRoute(route.path, '', session(role));
        const label = `${role} ${route.path}`;
        if (route.access === 'public') expect(decision, label).toEqual({ kind: 'allow' });
        else if (route.access === 'guest')
          expect(decision, label).toEqual({ kind: 'redirect', to: homeFor(role) });
        else if (canOpen(route, role)) expect(decision, label).toEqual({ kind: 'allow' });
        else expect(decision, label).toEqual({ kind: 'redirect', to: homeFor(role) });
      }
    }
  });

  it('never redirects a role to a page it cannot open', () => {
    for (const role of USER_TYPES) {
      for (const route of ROUTES) {
        const decision = decideRoute(route.path, '', session(role));
        if (decision.kind !== 'redirect') continue;
        const target = ROUTES.find((candidate) => candidate.path === decision.to)!;
        expect(target, `${role} ${route.path}`).toBeDefined();
        expect(decideRoute(target.path, '', session(role)), `${role} ${route.path} → ${target.path}`).toEqual(
          {
            kind: 'allow',
          },
        );
      }
    }
  });
});

describe('decideRoute: trial or subscription ended', () => {
  const cases = [
    { flag: { trialEnded: true }, to: TRIAL_ENDED },
    { flag: { subscriptionEnded: true }, to: SUBSCRIPTION_ENDED },
  ];

  it('lists the same reachable routes as SPEC §4', () => {
    expect([...ROUTES_WHEN_ENDED]).toEqual(ENDED_ALLOWED);
  });

  for (const { flag, to } of cases) {
    it(`sends every role route but the allowed four to ${to}`, () => {
      for (const role of USER_TYPES) {
        for (const route of ROLE_ROUTES) {
          const decision = decideRoute(route.path, '', session(role, flag));
          const label = `${role} ${route.path}`;
          if (ENDED_ALLOWED.includes(route.path) && canOpen(route, role))
            expect(decision, label).toEqual({ kind: 'allow' });
          else expect(decision, label).toEqual({ kind: 'redirect', to });
        }
      }
    });

    it(`keeps /plan, /payment-history and /invoice open to their owners (${to})`, () => {
      for (const role of ['teacher', 'institute'] as const) {
        for (const path of ['/plan', '/payment-history', '/invoice']) {
          expect(decideRoute(path, '', session(role, flag)), `${role} ${path}`).toEqual({ kind: 'allow' });
        }
      }
      expect(decideRoute('/invoice', '', session('partner', flag))).toEqual({ kind: 'allow' });
    });

    it(`sends logged-in users on guest pages to ${to}`, () => {
      for (const route of GUEST_ROUTES) {
        expect(decideRoute(route.path, '', session('teacher', flag)), route.path).toEqual({
          kind: 'redirect',
          to,
        });
      }
    });

    it(`leaves the information page itself open (${to})`, () => {
      expect(decideRoute('/information', `?${to.split('?')[1]}`, session('institute', flag))).toEqual({
        kind: 'allow',
      });
    });
  }

  it('prefers the subscription-ended page when both flags are set (as implemented)', () => {
    const both = { trialEnded: true, subscriptionEnded: true };
    expect(endedPage(both)).toBe(SUBSCRIPTION_ENDED);
    expect(decideRoute('/guru-list', '', session('teacher', both))).toEqual({
      kind: 'redirect',
      to: SUBSCRIPTION_ENDED,
    });
  });

  it('has no ended page when neither flag is set', () => {
    expect(endedPage({ trialEnded: false, subscriptionEnded: false })).toBeNull();
  });
});

describe('decideRoute: public routes', () => {
  it('opens /information, /preview-video, /invitation, /sso and a certificate’s check to anyone', () => {
    const everyone: Array<GuardSession | null> = [
      null,
      session(null),
      session('not-a-role'),
      ...USER_TYPES.map((role) => session(role)),
      ...USER_TYPES.map((role) => session(role, { trialEnded: true })),
      ...USER_TYPES.map((role) => session(role, { subscriptionEnded: true })),
    ];
    for (const who of everyone) {
      for (const path of [
        '/information',
        '/preview-video',
        '/invitation',
        '/sso',
        '/certificate/abcdefghijklmnopqrstuvwx',
      ]) {
        expect(decideRoute(path, '', who), `${who?.userType} ${path}`).toEqual({ kind: 'allow' });
      }
    }
    expect(PUBLIC_ROUTES.map((route) => route.path).sort()).toEqual([
      '/certificate/:id',
      '/information',
      '/invitation',
      '/preview-video',
      '/sso',
    ]);
  });
});

describe('landingFor', () => {
  it('is the home, or the ended page while held there', () => {
    for (const role of USER_TYPES) {
      expect(landingFor({ ...session(role), userType: role })).toBe(homeFor(role));
      expect(landingFor({ ...session(role, { trialEnded: true }), userType: role })).toBe(TRIAL_ENDED);
      expect(landingFor({ ...session(role, { subscriptionEnded: true }), userType: role })).toBe(
        SUBSCRIPTION_ENDED,
      );
    }
  });
});
