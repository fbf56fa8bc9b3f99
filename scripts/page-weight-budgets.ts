/**
 * Page-weight budgets, in bytes, in one place: the build check (scripts/page-weight.ts) and the browser
 * journey (e2e/page-weight.spec.ts) both read them. "Transferred" is brotli, as the server sends the
 * pre-compressed files; a kB here is 1,000 bytes.
 */

/** The public pages a visitor lands on first (issue 12 item 5). */
export const PUBLIC_PAGES = ['/', '/explore-course', '/pricing', '/login', '/sign-up'] as const;

/** The logged-in shell, measured at each role's home page (common/roles.ts ROLE_HOMES). */
export const SHELL_PAGES = ['/dashboard', '/guru-list', '/subscribed-courses', '/invoice', '/logs'] as const;

export interface Budget {
  /** Initial JavaScript as transferred (brotli). */
  jsBrotli: number;
  /** Initial JavaScript uncompressed: what a server without pre-compressed files sends. */
  jsRaw: number;
  /** Initial CSS as transferred (brotli). */
  cssBrotli: number;
}

export const BUDGETS = {
  public: { jsBrotli: 120_000, jsRaw: 420_000, cssBrotli: 40_000 },
  shell: { jsBrotli: 200_000, jsRaw: 720_000, cssBrotli: 40_000 },
} satisfies Record<'public' | 'shell', Budget>;

export function budgetFor(page: string): Budget {
  return (PUBLIC_PAGES as readonly string[]).includes(page) ? BUDGETS.public : BUDGETS.shell;
}
