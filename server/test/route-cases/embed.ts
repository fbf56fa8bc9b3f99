import { AUTHOR_ROLES, casesFor, NO_SUCH_ID, type RouteCase } from './types';

/**
 * The guru on the owner's own website (docs/decisions/041-embedded-guru.md). The site and snippets in
 * /integrations are the author roles': PUT is sent without a body, so an allowed caller gets 400 (validation)
 * before the plan's Integrations module is looked at; DELETE always succeeds with an empty 204, which the
 * matrix cannot read as JSON, so it is sent with a malformed JSON body: access is decided before the body is
 * parsed (onRequest), so an allowed caller gets the parser's 400 and the others 401/403.
 *
 * The embed API is public: it is called from the embed page inside the owner's site, by visitors with or
 * without an account, and judges the site itself (a guru or conversation nothing has: 404).
 */
export const EMBED_ROUTES: RouteCase[] = [
  ...casesFor(AUTHOR_ROLES, [
    ['GET', '/api/embed/site', '/api/embed/site'],
    ['PUT', '/api/embed/site', '/api/embed/site'],
    ['GET', '/api/embed/gurus/:guruId/snippet', `/api/embed/gurus/${NO_SUCH_ID}/snippet`],
  ]),
  {
    method: 'DELETE',
    path: '/api/embed/site',
    access: AUTHOR_ROLES,
    allowWhenEnded: false,
    request: (caller) => ({
      url: '/api/embed/site',
      payload: '{"not json',
      headers: { ...caller.headers, 'content-type': 'application/json' },
    }),
  },
  ...casesFor(
    'public',
    [
      ['GET', '/api/embed/gurus/:guruId', `/api/embed/gurus/${NO_SUCH_ID}`],
      ['POST', '/api/embed/gurus/:guruId/sessions', `/api/embed/gurus/${NO_SUCH_ID}/sessions`, {}],
      [
        'POST',
        '/api/embed/conversations/:conversationId/ask',
        `/api/embed/conversations/${NO_SUCH_ID}/ask`,
        { question: 'What is a linear equation?' },
      ],
    ],
    true,
  ),
];
