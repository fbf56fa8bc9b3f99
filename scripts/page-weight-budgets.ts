/**
 * Page-weight budgets, in bytes, in one place: the build check (scripts/page-weight.ts) and the browser
 * journey (e2e/page-weight.spec.ts) both read them. "Transferred" is brotli, as the server sends the
 * pre-compressed files; gzip is what a browser without brotli (Chromium over plain http) receives. A kB here
 * is 1,000 bytes. See docs/decisions/020-public-page-weight-budgets.md.
 */

/** The public pages a visitor lands on first (issue 12 item 5). */
export const PUBLIC_PAGES = ['/', '/explore-course', '/pricing', '/login', '/sign-up'] as const;

/** The logged-in shell, measured at each role's home page (common/roles.ts ROLE_HOMES). */
export const SHELL_PAGES = ['/dashboard', '/guru-list', '/subscribed-courses', '/invoice', '/logs'] as const;

export type MeasuredPage = (typeof PUBLIC_PAGES)[number] | (typeof SHELL_PAGES)[number];

/** The goal for every public page's initial JavaScript as transferred (issue 12 item 5). */
export const PUBLIC_GOAL_JS_BROTLI = 120_000;

export interface Budget {
  /** Initial JavaScript as transferred with brotli. */
  jsBrotli: number;
  /** Initial JavaScript as transferred with gzip. */
  jsGzip: number;
  /** Initial JavaScript uncompressed: what a server without pre-compressed files sends. */
  jsRaw: number;
  /** Initial CSS as transferred with brotli. */
  cssBrotli: number;
}

const kb = (jsBrotli: number, jsGzip: number, jsRaw: number, cssBrotli = 33): Budget => ({
  jsBrotli: jsBrotli * 1000,
  jsGzip: jsGzip * 1000,
  jsRaw: jsRaw * 1000,
  cssBrotli: cssBrotli * 1000,
});

/**
 * Ceilings that fail the build: a few kB above what each page weighs today, so any growth is a decision.
 * No public page reaches the 120 kB goal yet (React, React DOM and React Router alone are 85 kB): lower
 * a ceiling whenever a page gets lighter, and never raise one without saying why in the commit.
 */
export const BUDGETS: Record<MeasuredPage, Budget> = {
  // 2026-11-26, raw 480 → 482 and brotli 135 → 137 (gzip 156 → 158): SPEC §9's route-change clean-up, SPEC §7's
  // page views and the self-hosted fonts' loader (issue 19 item 1), all fetched after the first paint. The build
  // check counts the first download (134.2 kB brotli); the browser journey counts every script until the network
  // is quiet, and those after-paint chunks are about 2 kB of it. Raw 482 → 483 (0.1 kB over): the entry now picks
  // the embedded guru's own small root for /embed/guru/:id (issue 19 item 4) before starting the app.
  //
  // 2026-11-26, brotli 137 → 149 (gzip 158 → 172, raw 483 → 528): the storefront (issue 21). The hero now shows
  // the guru answering (Grid, Paper, Badge, Image: 5 kB in the first download, 139.2 kB), and a grid of live
  // courses with generated covers loads after the first paint (the catalog query and covers, 8.5 kB more by the
  // journey's count, 147.7 kB).
  // 2026-11-28 (issue 31), +1 kB brotli for /, /pricing, /login, /sign-up and the shell (the journey counted 0.03–0.24 kB
  // over): the page a role is sent away from now says why (deniedNotice in common/guard.ts, decision 062), one
  // formatter for plan limits in one unit (common/plan-limits.ts), the sign-up's own links for partners and
  // developers (decision 061).
  // 2026-11-28 (issue 32 item 1, decision 068), 150 → 157 brotli (gzip 173 → 181, raw 529 → 548): the interface's
  // language layer in the entry (see /explore-course below); the build check counts 147.1 kB, the journey 155.5.
  // 2026-11-29 (issue 32 item 1, decision 069): every screen's text through the catalogs. Each feature's English
  // rides in its page's chunk; the build check counted, before → after: / 147.7 → 149.3, /explore-course 201.6 →
  // 203.8, /pricing 158.0 → 160.9 (the plans feature's one catalog holds the admin's plan form too), /login 181.9 →
  // 183.6, /sign-up 216.8 → 218.4, /dashboard 259.6 → 264.6, /invoice 252.8 → 258.1, /logs 260.2 → 263.7 kB
  // brotli (the core catalog gained the shared components' texts and the e-mails'). Each ceiling rises by that and
  // keeps its margin for the journey's count.
  // 2026-11-29 (issue 32, decision 070), raw +2 kB (/pricing +3: the plan form's messages) on every page that went over (/explore-course, /pricing, /login,
  // /sign-up, the shell pages), /invoice also 262 → 263 brotli (gzip 298 → 299): schema messages with values ("Please
  // use at most {max} characters") in the reader's language — the template filler, its reader and the few core texts
  // it needs, 1.0–1.7 kB raw, 0.4–0.5 kB brotli by the build check. The modules' texts load only for other languages.
  // 2026-11-30 (issue 33, decision 071), raw +2 kB (/invoice +3, and gzip 300 → 301, brotli 264 → 265: it stood at
  // its ceiling) on the pages that went over: the entry now hydrates a page the server drew (its language first, the
  // matched routes loaded, then hydrateRoot), 0.6–1.4 kB raw by the build check; keeping what was typed meanwhile is
  // a chunk of its own. A public page now paints before any of this arrives: its JavaScript makes it interactive.
  // Then raw +2 kB more (gzip +1 for /dashboard, /invoice and /logs) where over: the drawn page's data handed to TanStack Query
  // (hydrate), the default font's metric stand-ins in its stack, and the client's reads answered by the server
  // itself while it draws; 1.3–1.6 kB raw, 0.2 kB brotli by the build check. The journey, which counts every script
  // until the network is quiet, counted 0.6–1.6 kB brotli over on the public pages (the after-paint starter and the
  // chunk that keeps what was typed): their brotli ceilings rise by 2.
  // Later the same day (decision 071), brotli +1 on / and /explore-course (the journey counted 161.0 and 209.1 kB),
  // raw +2 on /pricing (578.4), brotli +1 on the shell pages that went over (/dashboard 267.1, /logs 266.5): 0.4–0.5
  // kB brotli by the build check, for a logged-in page's chunks loaded beside its language, the signed-in hint
  // (signed-in-cookie.ts), IntlMessageFormat's locale taken as it is, and one price formatter per currency.
  // 2026-11-30 (issue 33, decision 071 "The student's own pages"), on every page that went over: raw +2, gzip +1,
  // and brotli +1 for /invoice, /dashboard and /logs (at or near their ceilings): a learner's page asks its first
  // reads beside its code (web/app/early-reads.ts, and the one client's taking of them in api.ts), 1.2 kB raw,
  // 0.5 kB gzip, 0.4–0.5 kB brotli by the build check. A visitor's page evaluates it and asks nothing. Brotli +1 for
  // /login and /sign-up too: the journey, which also counts the fonts chunk after the paint (its wait for a cached
  // font, web/app/fonts.ts), counted 189.5 and 224.4 kB.
  '/': kb(162, 183, 551),
  // 2026-11-26, 192 → 195 (gzip 220 → 223, raw 660 → 668): generated course covers and counted nouns (issue 21).
  // 2026-11-28, 195 → 196 (gzip 223 → 224, raw 668 → 670), and /login and /sign-up by the same: the "Test payments"
  // notice on every page (issue 30, decision 055; no Mantine, 0.4–0.7 kB by the journey's count) and the shared
  // site-settings call it reads with the page views.
  // 2026-11-28 (issue 32 item 1, decision 068), +5–7 kB brotli for every page, as the journey counts them: the
  // interface's language layer in the entry — intl-messageformat without its parser (2.3 kB; catalogs are parsed
  // at build time), the English catalog as syntax trees (2.1 kB) and the keyed spec texts; Hindi's catalog is a
  // chunk of its own, fetched only by Hindi readers.
  // 2026-11-30 (issue 34, decisions 073–074), raw +1 here and on /sign-up, /dashboard and /logs (0.1 kB over): two
  // paths in the route table every page carries (/sso, /lti-deep-link) and their lazy pages' entries.
  // 2026-12-01 (issue 37 session), raw +1 on the six pages 0.3–0.9 kB over (and /explore-course, /sign-up +1 more, a
  // few bytes over in CI's build): the toasts' texts now in the core catalog
  // ("You are now logged in as …", a course approved or rejected) and the account switch that draws no page while
  // the token changes (web/app/account-switch.ts).
  '/explore-course': kb(210, 238, 713),
  // 2026-11-26, 150 → 152 (gzip 172 → 174, raw 525 → 532): the pricing cards' one list of features (issue 21).
  // 2026-11-29 (decision 070), brotli 164 → 165: the journey counted 164.7 kB with the template reader above and the
  // plan form's module translations registered by the feature (moved to the plan form since: 163.9 kB left no margin).
  // 2026-11-30 (issue 34), brotli 167 → 168: the journey counted 167.01 kB with the route table's two new paths.
  // 2026-11-30 (issue 34, decision 075), raw 581 → 582; /sign-up and /dashboard gzip +1, /invoice raw +1 (each was
  // 0.1–0.5 kB over): the entry starts an LMS launch's ticket trade (a lazy chunk, only on /sso with a ticket) and
  // the ticket's schema message is a translated text now.
  '/pricing': kb(168, 190, 584),
  // 2026-11-30 (issue 34, decision 073), gzip 215 → 217, raw 664 → 668, brotli 190 → 191: the login page asks which
  // single sign-on buttons to show (a fetch and a lazy import, 0.9 kB gzip by the build check); the buttons
  // themselves load only when one is offered.
  '/login': kb(191, 217, 669),
  // 2026-11-30 (issue 36, decision 079), raw 775 → 776 (0.05 kB over): the route table's two certificate paths and
  // its matching of a path with a parameter (/certificate/:id), which every page's guard and title read.
  '/sign-up': kb(225, 255, 777),
  // The logged-in shell: one ceiling for every role's home.
  // 2026-11-26, 250 → 251 (gzip 285 → 286): issue 21's shell additions, about 0.5 kB brotli — the press tracker
  // that keeps toasts off the control just pressed, the profile box's counted trial days, the readable link
  // shade for every theme colour, and the one date formatter the dashboard's figures now use.
  // 2026-11-28, 251 → 252 (gzip 286 → 287): issue 30's shell additions, about 0.5 kB brotli — the "Test payments"
  // notice and its shared settings call (decision 055), navigation badges and the profile box named by what they
  // show (decision 048, WCAG 2.5.3), keyboard-scrollable wide tables.
  '/dashboard': kb(269, 307, 920),
  '/guru-list': kb(252, 287, 862),
  '/subscribed-courses': kb(252, 287, 862),
  // 2026-11-29, 261 → 262 (gzip 297 → 298, raw 868 → 876): a course bought from the catalog takes GST details too
  // (issue 32 item 6), so billing's checkout, GST fields and the institute notice the invoices page shows now share
  // one chunk, which brings the GST fields' Accordion and TextInput to /invoice (3.5 kB brotli measured).
  // 2026-11-29 (decision 070), 263 → 264 (gzip 299 → 300, raw 878 → 880): the checkout's GSTIN problems in the
  // reader's language; the billing chunk registers the modules' translations, whose lazy chunk's preload list rides
  // in it (0.6 kB brotli by the build check; nothing more is fetched by an English reader).
  '/invoice': kb(266, 303, 890),
  // 2026-11-26, 250 → 251 (gzip 285 → 286, raw 860 → 862): the logs tabs wait for the access check before asking
  // (issue 21, no refused request) and the shared shell's small additions took it a few bytes over; 251 → 252
  // (gzip 286 → 287) for the shell additions above; 252 → 253 (gzip 287 → 288, raw 862 → 864) for issue 30's.
  // 2026-11-28, 253 → 254 (gzip 288 → 289): the entry's route map names the plan-lock note among the files of four
  // more pages (a new course's, guru's and quiz's first save and the slide upload are locked, decision 062), 76 bytes
  // raw, about 0.1 kB brotli; it was at its ceiling to the byte.
  '/logs': kb(268, 305, 916),
};
