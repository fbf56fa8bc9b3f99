import { DEMO, newSession } from './support/accounts';
import { apiLogin, authHeader } from './support/api';
import { expect, test } from './support/test';

/**
 * Issue 14: the demo guru learnt the Polygons lesson slide by slide (a course library lesson of the demo
 * course). student@ asks about a slide, hears whole sentences of the answer and nothing else (no citation,
 * no time, no marker), and the citation, which names the slide and its title, opens the lesson at the very
 * moment that slide starts.
 */
test('a student hears only the answer, and its citation opens the exact slide moment', async ({
  browser,
  request,
}) => {
  test.slow();
  const student = await apiLogin(request, DEMO.student.email);
  const subscriptions = await request.get('/api/learning/subscriptions', {
    headers: authHeader(student.jwtToken),
  });
  const course = ((await subscriptions.json()) as { courses: { id: string; title: string }[] }).courses.find(
    (c) => c.title === 'Foundations of Geometry',
  );
  const courseId = course?.id ?? '';
  expect(courseId, 'the demo course').toBeTruthy();

  const page = await newSession(browser, 'student');
  // What is sent to be spoken once the question is asked (the guru's greeting is spoken before it).
  const spoken: string[] = [];
  let asked = false;
  page.on('request', (sent) => {
    if (asked && /\/api\/gurus\/[^/]+\/speech$/.test(sent.url())) {
      spoken.push((JSON.parse(sent.postData() ?? '{}') as { text?: string }).text ?? '');
    }
  });
  await page.goto(`/subscribed-courses?courseId=${courseId}`);
  await page.getByRole('link', { name: 'Ask the guru' }).click();
  await expect(page).toHaveURL(/\/guru\?guruId=/);

  const question = page.getByRole('textbox', { name: 'Your question' });
  await question.fill('How many equal sides does a regular hexagon have?');
  asked = true;
  await question.press('Enter');
  const answer = page.getByTestId('guru-answer').first();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(answer).toHaveAttribute('data-not-covered', 'false');
  await expect(answer).toContainText('six equal sides');

  // The citation is a link naming the slide and its title; where it points is not in the answer's text.
  const link = answer.getByTestId('citation-link').first();
  await expect(link).toContainText(/Polygons, slide 3 “Regular hexagons” at \d+:\d\d/);
  const text = (await answer.getByTestId('answer-text').textContent()) ?? '';
  expect(text).not.toMatch(/See |slide|\d:\d\d|\[\d/);

  // Every sentence of the answer is spoken, whole, and nothing else is.
  const sentences = text.match(/[^.!?]+[.!?]+/g)?.map((sentence) => sentence.trim()) ?? [];
  expect(sentences.length).toBeGreaterThan(0);
  await expect.poll(() => spoken.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(sentences.length);
  expect(spoken).toEqual(sentences);

  // The citation opens the lesson where slide 3 starts, and the player is there.
  const href = (await link.getAttribute('href')) ?? '';
  const at = Number(new URL(href, 'http://x').searchParams.get('t'));
  expect(at).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(
    new RegExp(`/subscribed-courses\\?courseId=${courseId}&videoId=[^&]+&t=${at}`),
  );
  const video = page.getByTestId('video-player');
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(at - 0.5);
  expect(await video.evaluate((element) => (element as HTMLVideoElement).currentTime)).toBeLessThan(at + 3);
});
