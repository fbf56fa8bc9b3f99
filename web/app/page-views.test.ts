import { describe, expect, it } from 'vitest';
import type { PageView } from '../../common/contracts/insight';
import { pageViewsOf, withoutQuery } from './page-views';

describe('page views', () => {
  it('says each new page once, the first with the outside referrer and the next with the page before', () => {
    const said: PageView[] = [];
    const seen = pageViewsOf(
      'gurukul',
      'https://gurukul.example',
      'https://search.example/q?term=maths',
      (view) => said.push(view),
    );
    seen('/');
    seen('/');
    seen('/explore-course');
    seen('/login');
    expect(said).toEqual([
      { project: 'gurukul', page: '/', referrer: 'https://search.example/q' },
      { project: 'gurukul', page: '/explore-course', referrer: 'https://gurukul.example/' },
      { project: 'gurukul', page: '/login', referrer: 'https://gurukul.example/explore-course' },
    ]);
  });

  it('never passes on a query string or fragment, and an unreadable referrer as empty', () => {
    expect(withoutQuery('https://gurukul.example/reset-password?token=secret#x')).toBe(
      'https://gurukul.example/reset-password',
    );
    expect(withoutQuery('')).toBe('');
    expect(withoutQuery('not a url')).toBe('');
  });
});
