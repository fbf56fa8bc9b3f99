import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The browser's parts these modules touch: the stored session, <html lang> and the network (a fake fetch that
// answers every GET with its own address, and counts).
const stored = new Map<string, string>();
const storage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
  removeItem: (key: string) => stored.delete(key),
};
vi.stubGlobal('localStorage', storage);
vi.stubGlobal('sessionStorage', storage);
vi.stubGlobal('document', { documentElement: { lang: 'en' }, addEventListener: () => undefined });
const fetched: { url: string; language: string }[] = [];
vi.stubGlobal('fetch', async (url: string, init: { headers: Record<string, string> }) => {
  fetched.push({ url, language: init.headers['Accept-Language'] ?? '' });
  return new Response(JSON.stringify({ url, call: fetched.length }), { status: 200 });
});

const { api } = await import('./api');
const { earlyReadsOf, startEarlyReads } = await import('./early-reads');

function logIn(userType: string, ended: { trialEnded?: boolean } = {}) {
  stored.set('jwtToken', `token-of-${userType}`);
  stored.set('userType', userType);
  stored.set('trialEnded', String(ended.trialEnded ?? false));
}

const at = (address: string) => {
  const url = new URL(address, 'http://gurukul.local');
  return { pathname: url.pathname, search: url.search };
};

describe('reads started with the address', () => {
  beforeEach(() => {
    stored.clear();
    fetched.length = 0;
    document.documentElement.lang = 'en';
  });
  afterAll(() => vi.unstubAllGlobals());

  it("names a learner's reads of each page, and none for a visitor or a page the guard refuses", () => {
    const player = at('/subscribed-courses?courseId=c-1');
    expect(earlyReadsOf(player)).toEqual([]);
    logIn('student');
    expect(earlyReadsOf(player).map((read) => read.path)).toEqual([
      '/learning/courses/c-1',
      '/meetings/mine',
    ]);
    expect(earlyReadsOf(at('/subscribed-courses'))).toEqual([{ path: '/learning/subscriptions' }]);
    expect(earlyReadsOf(at('/guru?guruId=g-1'))).toEqual([{ path: '/gurus/g-1/session-info' }]);
    expect(earlyReadsOf(at('/quiz-round?attemptId=a-1'))).toEqual([{ path: '/learning/attempts/a-1' }]);
    expect(earlyReadsOf(at('/guru'))).toEqual([]);
    expect(earlyReadsOf(at('/pricing'))).toEqual([]);
    // A learner's page is not a partner's: the guard sends them home, so the page reads nothing.
    logIn('partner');
    expect(earlyReadsOf(player)).toEqual([]);
    logIn('student', { trialEnded: true });
    expect(earlyReadsOf(player)).toEqual([]);
  });

  it("answers the page's own request from the read started early, once", async () => {
    logIn('student');
    startEarlyReads(at('/guru?guruId=g-1'), 'en');
    expect(fetched).toEqual([{ url: '/api/gurus/g-1/session-info', language: 'en' }]);
    const first = await api<{ call: number }>('/gurus/g-1/session-info');
    expect(first.call).toBe(1);
    expect(fetched).toHaveLength(1);
    // Taken once: the next request of the same address goes to the network.
    expect((await api<{ call: number }>('/gurus/g-1/session-info')).call).toBe(2);
  });

  it('keeps the query as the page asks it, so the early answer is the one taken', async () => {
    logIn('student');
    startEarlyReads(at('/subscribed-courses?courseId=c-1'), 'en');
    expect(fetched.map((call) => call.url)).toEqual([
      '/api/learning/courses/c-1',
      '/api/meetings/mine?courseId=c-1',
    ]);
    await api('/meetings/mine', { query: { courseId: 'c-1' } });
    await api('/learning/courses/c-1');
    expect(fetched).toHaveLength(2);
  });

  it('forgets every early answer once the learner changes something, so a read after the change is asked anew', async () => {
    logIn('student');
    startEarlyReads(at('/subscribed-courses?courseId=c-1'), 'en');
    await api('/learning/courses/c-1');
    // The meeting requests' early answer is still unread when a request is cancelled…
    await api('/meetings/m-1/cancel', { method: 'POST' });
    // …so the list read after it goes to the network: the cancelled request is in its answer.
    const after = await api<{ url: string; call: number }>('/meetings/mine', { query: { courseId: 'c-1' } });
    expect(after.call).toBe(4);
    expect(fetched.map((call) => call.url)).toEqual([
      '/api/learning/courses/c-1',
      '/api/meetings/mine?courseId=c-1',
      '/api/meetings/m-1/cancel',
      '/api/meetings/mine?courseId=c-1',
    ]);
  });

  it('starts nothing, and throws nothing, when the storage cannot be read', () => {
    logIn('student');
    const read = storage.getItem;
    storage.getItem = () => {
      throw new Error('storage is off');
    };
    try {
      expect(() => startEarlyReads(at('/guru?guruId=g-1'), 'en')).not.toThrow();
    } finally {
      storage.getItem = read;
    }
    expect(fetched).toEqual([]);
  });

  it('never gives an answer to another language, another session, or a page that asks too late', async () => {
    logIn('student');
    startEarlyReads(at('/quiz-round?attemptId=a-1'), 'hi');
    await api('/learning/attempts/a-1');
    expect(fetched.map((call) => call.language)).toEqual(['hi', 'en']);

    startEarlyReads(at('/quiz-round?attemptId=a-2'), 'en');
    logIn('teacher');
    await api('/learning/attempts/a-2');
    expect(fetched).toHaveLength(4);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      logIn('student');
      startEarlyReads(at('/quiz-round?attemptId=a-3'), 'en');
      vi.setSystemTime(Date.now() + 31_000);
      await api('/learning/attempts/a-3');
      expect(fetched).toHaveLength(6);
    } finally {
      vi.useRealTimers();
    }
  });
});
