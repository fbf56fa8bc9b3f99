import { describe, expect, it } from 'vitest';
import { badgeText, type NavItem, SIDE_NAV, sideNavFor } from './navigation';
import { USER_TYPES, type UserType } from './roles';
import { canOpen, findRoute, ROUTES } from './routes';

/** SPEC §2 "Side navigation by role": [to, label] in order, query strings included. */
const EXPECTED: Record<UserType, ReadonlyArray<readonly [string, string]>> = {
  admin: [
    ['/dashboard', 'Dashboard'],
    ['/plan-pricing', 'Plan'],
    ['/guru-list', 'Guru'],
    ['/course-list?tab=course', 'Course Management'],
    ['/course-library-list', 'Course Library'],
    ['/approvals', 'Approvals'],
    ['/partners', 'Partners'],
    ['/teachers?tab=teacher', 'Teachers'],
    ['/students', 'Students'],
    ['/admin-report?tab=teacher', 'Admin Report'],
    ['/integrations', 'Integrations'],
    ['/support', 'Support'],
  ],
  teacher: [
    ['/guru-list', 'Guru'],
    ['/course-list?tab=course', 'Course Management'],
    ['/course-library-list', 'Course Library'],
    ['/conversation-management', 'Conversation Management'],
    ['/invoice', 'Invoice'],
    ['/report?tab=student', 'Reports'],
    ['/integrations', 'Integrations'],
    ['/subscribed-courses', 'Subscribed Courses'],
    ['/summary-report?tab=quiz', 'My Reports'],
  ],
  institute: [
    ['/guru-list', 'Guru'],
    ['/course-list?tab=course', 'Course Management'],
    ['/course-library-list', 'Course Library'],
    ['/teacher-list', 'Teachers'],
    ['/student-list', 'Students'],
    ['/conversation-management', 'Conversation Management'],
    ['/invoice', 'Invoice'],
    ['/report?tab=student', 'Reports'],
    ['/integrations', 'Integrations'],
    ['/subscribed-courses', 'Subscribed Courses'],
    ['/summary-report?tab=quiz', 'My Reports'],
  ],
  student: [
    ['/subscribed-courses', 'Subscribed Courses'],
    ['/summary-report?tab=quiz', 'My Reports'],
    ['/conversation-management', 'Conversation Management'],
  ],
  partner: [
    ['/invoice', 'Invoice'],
    ['/partner-report?tab=referred', 'Partner Report'],
  ],
  developer: [['/logs', 'Logs']],
};

/** SPEC §2 "Side navigation behaviour": the route names items are matched by. */
const SPEC_ACTIVE_NAMES = [
  'Dashboard',
  'Plan',
  'Guru',
  'Course Management',
  'Add/View Course',
  'Add/View Quiz',
  'Add Study Material',
  'Add/View Faq',
  'Course Library',
  'Approvals',
  'View Approval',
  'Partners',
  'Teachers',
  'Students',
  'Admin Report',
  'Integrations',
  'Support',
  'View ticket',
  'Conversation Management',
  'View Conversation',
  'Invoice',
  'Reports',
  'Subscribed Courses',
  'Student Report',
  'Preview Quiz',
  'Partner Report',
  'Logs',
];

const shape = (items: readonly NavItem[]) => items.map((entry) => [entry.to, entry.label]);
const pathOf = (to: string) => new URL(to, 'http://x').pathname;
const ROUTE_NAMES = new Set(ROUTES.map((route) => route.name));

describe('SIDE_NAV', () => {
  it('covers exactly the six roles', () => {
    expect(Object.keys(SIDE_NAV).sort()).toEqual([...USER_TYPES].sort());
  });

  for (const role of USER_TYPES) {
    it(`gives ${role} the spec's items, order and labels`, () => {
      expect(shape(SIDE_NAV[role])).toEqual(EXPECTED[role]);
      expect(shape(sideNavFor(role, null))).toEqual(EXPECTED[role]);
    });
  }

  it('labels the teacher summary report "My Reports"', () => {
    expect(SIDE_NAV.teacher.find((entry) => entry.to === '/summary-report?tab=quiz')?.label).toBe(
      'My Reports',
    );
  });

  it('repeats no link within a role', () => {
    for (const role of USER_TYPES) {
      const links = SIDE_NAV[role].map((entry) => entry.to);
      expect(new Set(links).size, role).toBe(links.length);
    }
  });
});

describe('sideNavFor', () => {
  it('hides the invoice from a teacher who belongs to an institute', () => {
    const items = sideNavFor('teacher', 'institute-1');
    expect(items.map((entry) => entry.to)).not.toContain('/invoice');
    expect(shape(items)).toEqual(EXPECTED.teacher.filter(([to]) => to !== '/invoice'));
  });

  it('shows the invoice to a teacher without an institute', () => {
    for (const instituteId of [null, undefined, '']) {
      expect(
        sideNavFor('teacher', instituteId).map((entry) => entry.to),
        String(instituteId),
      ).toContain('/invoice');
    }
  });

  it('hides nothing for other roles, institute id or not', () => {
    for (const role of USER_TYPES.filter((candidate) => candidate !== 'teacher')) {
      expect(shape(sideNavFor(role, 'institute-1')), role).toEqual(EXPECTED[role]);
    }
  });
});

describe('badges', () => {
  it('puts the approvals badge only on the admin Approvals item', () => {
    const withApprovals = USER_TYPES.flatMap((role) =>
      SIDE_NAV[role].filter((entry) => entry.badge === 'approvals').map((entry) => [role, entry.to]),
    );
    expect(withApprovals).toEqual([['admin', '/approvals']]);
  });

  it('puts the new-message dot on conversation management', () => {
    for (const role of ['teacher', 'institute', 'student'] as const) {
      const conversations = SIDE_NAV[role].find((entry) => entry.to === '/conversation-management');
      expect(conversations?.badge, role).toBe('new-message');
    }
  });

  it('shows no new-reply dot on the admin Support item (SPEC §5), but the count of open tickets', () => {
    expect(SIDE_NAV.admin.find((entry) => entry.to === '/support')?.badge).toBe('open-tickets');
  });
});

describe('badgeText', () => {
  it('is null for no items', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
  });

  it('shows 1 to 9 as digits', () => {
    for (let count = 1; count <= 9; count += 1) expect(badgeText(count)).toBe(String(count));
  });

  it('shows 9+ above 9', () => {
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(11)).toBe('9+');
    expect(badgeText(1000)).toBe('9+');
  });
});

describe('navigation and routes agree', () => {
  it('matches items only by real route names', () => {
    for (const role of USER_TYPES) {
      for (const entry of SIDE_NAV[role]) {
        expect(entry.activeFor.length, `${role} ${entry.to}`).toBeGreaterThan(0);
        for (const name of entry.activeFor)
          expect(ROUTE_NAMES.has(name), `${role} ${entry.to}: ${name}`).toBe(true);
      }
    }
  });

  it('matches each item on routes that role can open', () => {
    for (const role of USER_TYPES) {
      for (const entry of SIDE_NAV[role]) {
        for (const name of entry.activeFor) {
          const openable = ROUTES.some((route) => route.name === name && canOpen(route, role));
          expect(openable, `${role} ${entry.to}: ${name}`).toBe(true);
        }
      }
    }
  });

  it('links only to existing role routes the role can open', () => {
    for (const role of USER_TYPES) {
      for (const entry of SIDE_NAV[role]) {
        const route = findRoute(pathOf(entry.to));
        expect(route, `${role} ${entry.to}`).toBeDefined();
        expect(typeof route!.access, `${role} ${entry.to}`).not.toBe('string');
        expect(route!.sideNav, `${role} ${entry.to}`).toBe(true);
        expect(canOpen(route!, role), `${role} ${entry.to}`).toBe(true);
      }
    }
  });

  it('marks each item active on its own page', () => {
    for (const role of USER_TYPES) {
      for (const entry of SIDE_NAV[role]) {
        const route = findRoute(pathOf(entry.to))!;
        expect(entry.activeFor, `${role} ${entry.to}`).toContain(route.name);
      }
    }
  });

  it('knows every route name the spec matches items by', () => {
    for (const name of SPEC_ACTIVE_NAMES) expect(ROUTE_NAMES.has(name), name).toBe(true);
  });

  it('marks Subscribed Courses active on a quiz introduction (/preview-quiz) for every role that opens it', () => {
    const preview = findRoute('/preview-quiz')!;
    const roles = USER_TYPES.filter((role) => canOpen(preview, role));
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles) {
      const active = SIDE_NAV[role].filter((entry) => entry.activeFor.includes(preview.name));
      expect(
        active.map((entry) => entry.to),
        role,
      ).toEqual(['/subscribed-courses']);
    }
  });
});

describe('modules the plan gives NONE', () => {
  it('hides their items and keeps the rest in order', () => {
    const items = sideNavFor('teacher', null, ['integrations', 'reports']).map((entry) => entry.to);
    expect(items).toEqual(
      SIDE_NAV.teacher
        .map((entry) => entry.to)
        .filter((to) => to !== '/integrations' && to !== '/report?tab=student'),
    );
    expect(sideNavFor('teacher', null, [])).toEqual(SIDE_NAV.teacher);
  });
});
