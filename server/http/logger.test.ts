import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../test/harness';
import { apiRoutes } from '../test/route-tree';
import { loggableUrl } from './logger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

describe('loggableUrl', () => {
  it('masks the capability token of every route that takes one in its path', () => {
    const withToken = apiRoutes(ctx.app).filter((route) => /:[a-zA-Z]*token\b/i.test(route.path));
    expect(withToken.length).toBeGreaterThanOrEqual(4);
    for (const route of withToken) {
      const url = route.path.replace(/:[a-zA-Z]*token\b/i, 'Secret-Tok3n').replace(/:[a-zA-Z]+/g, 'x');
      expect(loggableUrl(url), route.path).not.toContain('Secret-Tok3n');
      expect(loggableUrl(url)).toContain('[redacted]');
    }
  });

  it('masks secret-looking query values and keeps the rest', () => {
    const logged = loggableUrl(
      '/api/auth/me?page=2&jwt=a.b.c&pwd=hunter2&session=s1&otp=123456&access_token=t',
    );
    expect(logged).toBe(
      '/api/auth/me?page=2&jwt=[redacted]&pwd=[redacted]&session=[redacted]&otp=[redacted]&access_token=[redacted]',
    );
    expect(loggableUrl('/api/courses/abc?search=trig')).toBe('/api/courses/abc?search=trig');
  });
});
