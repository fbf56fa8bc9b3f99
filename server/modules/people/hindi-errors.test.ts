import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import hiPeople from '../../i18n/hi/people.json';
import { buildAndLogin, buildUser, chooseLocale, nextRemoteAddress } from '../../test/factories';
import { startTestApp, type TestContext } from '../../test/harness';
import { multipart } from '../../test/uploads';

// Decision 070: the people module's refusals are answered in the caller's language, values filled in; the same
// request in English still reads the exact English.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => ctx.close());

type Session = Awaited<ReturnType<typeof buildAndLogin>>;

const invite = (session: Session, email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/institute/invites',
    headers: session.headers,
    payload: { email, userType: 'student' },
    remoteAddress: nextRemoteAddress(),
  });

describe("the people module's refusals in Hindi", () => {
  it("names the other account's kind in Hindi, and in English before the institute chose Hindi", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    await buildUser(ctx.app, { userType: 'partner', email: 'hindi-partner@x.test' });
    const english = await invite(institute, 'hindi-partner@x.test');
    expect(english.statusCode).toBe(409);
    expect(english.json()).toMatchObject({
      message: 'This e-mail belongs to a partner account',
      fields: { email: 'This e-mail belongs to a partner account' },
    });

    await chooseLocale(ctx.app, institute.headers, 'hi');
    const hindi = await invite(institute, 'hindi-partner@x.test');
    expect(hindi.statusCode).toBe(409);
    expect(hindi.json()).toMatchObject({
      message: 'यह ईमेल पार्टनर खाते का है',
      fields: { email: 'यह ईमेल पार्टनर खाते का है' },
    });
  });

  it("reports each refused line of an import in the institute's language", async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    await buildUser(ctx.app, { userType: 'partner', email: 'import-partner@x.test' });
    await chooseLocale(ctx.app, institute.headers, 'hi');
    const csv =
      'email,role\nnot-an-email,student\n,student\nok@x.test,parent\nimport-partner@x.test,student\n';
    const upload = multipart('people.csv', 'text/csv', Buffer.from(csv));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/institute/invites/import?role=student',
      headers: { ...institute.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().rows.map((row: { reason: string }) => row.reason)).toEqual([
      hiPeople['server.people.import.notAnEmail'],
      hiPeople['server.people.import.noEmail'],
      hiPeople['server.people.import.badRole'],
      'यह ईमेल पार्टनर खाते का है',
    ]);
  });

  it('fills in the import limit and reads an unusable invitation link in Hindi for an anonymous caller', async () => {
    const institute = await buildAndLogin(ctx.app, { userType: 'institute' });
    const tooMany = () => {
      const upload = multipart('x.csv', 'text/csv', Buffer.from(`email\n${'a@b.test\n'.repeat(1001)}`));
      return ctx.app.inject({
        method: 'POST',
        url: '/api/institute/invites/import?role=student',
        headers: { ...institute.headers, ...upload.headers },
        payload: upload.payload,
      });
    };
    const english = await tooMany();
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toBe('At most 1000 people per file: please split the list');
    await chooseLocale(ctx.app, institute.headers, 'hi');
    const hindi = await tooMany();
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().message).toBe(hiPeople['server.people.tooManyRows'].replace('{max}', '1000'));

    const view = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/api/invitations/not-a-real-token', headers });
    expect((await view({})).json().message).toBe(
      'This invitation is invalid or has expired. Please ask for a new one.',
    );
    expect((await view({ 'accept-language': 'hi' })).json().message).toBe(
      hiPeople['server.people.inviteInvalid'],
    );
  });
});
