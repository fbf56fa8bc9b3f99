import { DEMO, newSession } from './support/accounts';
import { apiLogin, authHeader } from './support/api';
import { expect, test } from './support/test';

/**
 * The demo's Geometry Guru (server/seed/demo-guru.ts): student@ asks it about the course and gets a cited
 * answer, asks something off-topic and is told the course does not cover it; teacher@ replies in the
 * conversation and the student, on another page, is told live (toast and the new-message dot).
 */
test('a student talks to the demo guru and gets the teacher’s reply live', async ({ browser, request }) => {
  // A long journey: three times the default (playwright.config.ts).
  test.slow();
  const student = await apiLogin(request, DEMO.student.email);
  const subscriptions = await request.get('/api/learning/subscriptions', {
    headers: authHeader(student.jwtToken),
  });
  const course = ((await subscriptions.json()) as { courses: { id: string; title: string }[] }).courses.find(
    (c) => c.title === 'Foundations of Geometry',
  );
  expect(course, 'the demo course').toBeTruthy();
  const courseId = course?.id ?? '';

  // The demo conversation (server/seed/demo-guru.ts) holds teacher@'s reply; reading it leaves nothing unread.
  const studentPage = await newSession(browser, 'student');
  await studentPage.goto('/conversation-management');
  await studentPage.getByRole('link', { name: 'How many degrees are in a right angle?' }).first().click();
  await expect(studentPage.getByTestId('message-guru').first()).toContainText('90');
  await expect(studentPage.getByTestId('message-teacher').first()).toContainText(
    'corner of a sheet of paper',
  );
  await expect(studentPage.getByTestId('new-message-dot')).toHaveCount(0);

  // From the course page, "Ask the guru" opens the live session with the introduction and suggestions.
  await studentPage.goto(`/subscribed-courses?courseId=${courseId}`);
  const sessionsStarted: string[] = [];
  studentPage.on('request', (sent) => {
    if (sent.method() === 'POST' && /\/api\/gurus\/[^/]+\/sessions$/.test(sent.url()))
      sessionsStarted.push(sent.url());
  });
  await studentPage.getByRole('link', { name: 'Ask the guru' }).click();
  await expect(studentPage).toHaveURL(/\/guru\?guruId=.+&courseId=/);
  await expect(studentPage.getByTestId('guru-introduction')).toContainText('Geometry Guru');
  const suggestions = studentPage.getByRole('group', { name: 'Suggested questions' });
  await expect(
    suggestions.getByRole('button', { name: 'How many degrees are in a right angle?' }),
  ).toBeEnabled();
  // Opening the session starts no conversation: the first question does (no empty sessions in the inbox).
  expect(sessionsStarted).toHaveLength(0);

  // A question about the course: a streamed answer with sources that open the lesson moment or material.
  // Each finished sentence of the answer is spoken: a WAV from the local espeak-ng voice of the guru.
  const spoken = studentPage.waitForResponse(
    (response) =>
      /\/api\/gurus\/[^/]+\/speech$/.test(response.url()) &&
      (response.request().postData() ?? '').includes('180'),
    { timeout: 30_000 },
  );
  const question = studentPage.getByRole('textbox', { name: 'Your question' });
  await question.fill('What do the angles of a triangle add up to?');
  await question.press('Enter');
  const first = studentPage.getByTestId('guru-answer').first();
  await expect(first).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(first).toHaveAttribute('data-not-covered', 'false');
  await expect(first).toContainText('180');
  expect(sessionsStarted).toHaveLength(1);
  await expect(first.getByTestId('citations')).toBeVisible();
  // The citation opens the lesson at the moment that teaches it.
  await expect(first.getByTestId('citations').locator('a[href*="videoId="]').first()).toHaveAttribute(
    'href',
    new RegExp(`/subscribed-courses\\?courseId=${courseId}&videoId=[^&]+&t=\\d+`),
  );
  const speech = await spoken;
  expect(speech.status()).toBe(200);
  // MP3 on the wire (a tenth of the local voice's WAV), which the browser decodes as the guru's lip level does.
  expect(speech.headers()['content-type']).toContain('audio/mpeg');
  const spokenBytes = [...(await speech.body())];
  const seconds = await studentPage.evaluate(
    async (bytes: number[]) =>
      (await new OfflineAudioContext(1, 1, 22_050).decodeAudioData(new Uint8Array(bytes).buffer)).duration,
    spokenBytes,
  );
  expect(seconds).toBeGreaterThan(0.5);

  // Off the course: said plainly, styled as not covered.
  await question.fill('Who won the football world cup in 1998?');
  await question.press('Enter');
  const second = studentPage.getByTestId('guru-answer').nth(1);
  await expect(second).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(second).toHaveAttribute('data-not-covered', 'true');
  await expect(second).toContainText("doesn't cover");
  // Where to turn, in words a student knows (not the menu's "Conversation Management").
  const askTeacher = second.getByTestId('ask-teacher');
  await expect(askTeacher).toContainText('Your teacher sees this conversation and can answer it.');
  await expect(askTeacher).not.toContainText('Conversation Management');
  await expect(askTeacher.getByRole('link', { name: 'Write to your teacher' })).toHaveAttribute(
    'href',
    /\/view-conversation\?conversationId=/,
  );
  expect(sessionsStarted, 'one conversation for the whole session').toHaveLength(1);

  // The student moves on to another page; the teacher finds the conversation and replies.
  await studentPage.goto('/subscribed-courses');
  const teacherPage = await newSession(browser, 'teacher');
  await teacherPage.goto('/conversation-management');
  await teacherPage.getByRole('textbox', { name: 'Search conversations' }).fill('triangle add up');
  const row = teacherPage.getByTestId('conversation-row').filter({ hasText: DEMO.student.name }).first();
  await row.getByRole('link', { name: 'What do the angles of a triangle add up to?' }).click();
  await expect(teacherPage).toHaveURL(/\/view-conversation\?conversationId=/);
  await expect(teacherPage.getByTestId('message-guru').first()).toContainText('180');
  const reply = `Good question! Lesson 3 shows it with a paper triangle. ${Date.now().toString(36)}`;
  await teacherPage.getByRole('textbox', { name: 'Reply' }).fill(reply);
  await teacherPage.getByRole('button', { name: 'Send reply' }).click();
  await expect(teacherPage.getByTestId('message-teacher').filter({ hasText: reply })).toBeVisible();

  // Live on the student's page: a toast with the teacher's name, and the dot on Conversation Management.
  await expect(studentPage.getByText(`Tara Teacher: ${reply}`)).toBeVisible({ timeout: 15_000 });
  await expect(studentPage.getByTestId('new-message-dot')).toBeVisible();

  // Opening the conversation shows the reply and clears the dot.
  await studentPage.getByRole('link', { name: 'Conversation Management' }).click();
  await studentPage
    .getByRole('link', { name: 'What do the angles of a triangle add up to?' })
    .first()
    .click();
  await expect(studentPage.getByTestId('message-teacher').filter({ hasText: reply })).toBeVisible();
  await expect(studentPage.getByTestId('new-message-dot')).toHaveCount(0);
});
