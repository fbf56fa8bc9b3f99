import type { APIRequestContext } from '@playwright/test';
import type { SourceCourseOption } from '../common/contracts/gurus';
import { DEMO, loginAs } from './support/accounts';
import { apiLogin, authHeader, trainGuruViaApi } from './support/api';
import { expect, test } from './support/test';

/** The guru's own FAQ: facts the demo course does not teach, so the journey knows what is right. */
const FAQ = [
  {
    question: 'How many sides does a dodecagon have?',
    answer: 'A dodecagon has twelve sides.',
  },
  {
    question: 'What is a polygon with eight sides called?',
    answer: 'A polygon with eight sides is called an octagon.',
  },
];

/**
 * A hints-mode guru over the demo geometry course (so the demo student may talk to it) and the FAQ above,
 * trained and ready, made through the API by the admin (no plan's guru limit; the demo gurus stay as they are).
 */
async function hintsGuru(
  request: APIRequestContext,
  token: string,
): Promise<{ id: string; courseId: string }> {
  const headers = authHeader(token);
  const options = await request.get('/api/gurus/source-options', { headers });
  const { courses } = (await options.json()) as { courses: SourceCourseOption[] };
  const course = courses.find((each) => each.title === 'Foundations of Geometry');
  expect(course, 'the demo course').toBeTruthy();
  const created = await request.post('/api/gurus', {
    headers,
    data: { name: `Hints Guru ${Date.now()}`, subject: 'Geometry', teachingMode: 'hints' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sources = await request.put(`/api/gurus/${id}/sources`, {
    headers,
    data: { courseIds: [course?.id], videoIds: [] },
  });
  expect(sources.status(), await sources.text()).toBe(200);
  await trainGuruViaApi(request, headers, id, FAQ);
  return { id, courseId: course?.id ?? '' };
}

test('a student in hints mode gets a hint, answers wrong, is told what is not right yet, gets the next hint, answers right', async ({
  page,
  request,
}) => {
  test.slow();
  const { jwtToken } = await apiLogin(request, DEMO.admin.email);
  const guru = await hintsGuru(request, jwtToken);
  try {
    await loginAs(page, 'student');
    await page.goto(`/guru?guruId=${guru.id}&courseId=${guru.courseId}`);
    const question = page.getByRole('textbox', { name: 'Your question' });
    const ask = async (text: string, index: number) => {
      await question.fill(text);
      await question.press('Enter');
      const answer = page.getByTestId('guru-answer').nth(index);
      await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      return answer;
    };

    // The first reply is one hint, never the answer; the guru waits for a try.
    const hint = await ask(FAQ[0].question, 0);
    await expect(hint.getByTestId('answer-text')).toContainText('Let’s work it out together.');
    await expect(hint.getByTestId('answer-text')).not.toContainText(/twelve|12/);
    await expect(hint.getByRole('button', { name: 'Show me the answer' })).toBeVisible();
    await expect(question).toHaveAttribute('placeholder', 'Type your answer');

    // A wrong try: told what is not right yet, and given the next hint.
    const wrong = await ask('ten', 1);
    await expect(wrong.getByTestId('answer-text')).toContainText(
      'Not yet: “ten” is not what the course says.',
    );
    await expect(wrong.getByTestId('answer-text')).toContainText(/hint|gap|starts with/i);
    await expect(wrong.getByTestId('answer-text')).not.toContainText(/twelve|12/);
    // Only the newest reply offers the answer.
    await expect(hint.getByRole('button', { name: 'Show me the answer' })).toHaveCount(0);
    await expect(wrong.getByRole('button', { name: 'Show me the answer' })).toBeVisible();

    // A right try: confirmed with the course's words and its source.
    const right = await ask('12', 2);
    await expect(right.getByTestId('answer-text')).toContainText('That’s right!');
    await expect(right.getByTestId('answer-text')).toContainText('A dodecagon has twelve sides.');
    await expect(right.getByTestId('citations')).toBeVisible();
    await expect(right.getByRole('button', { name: 'Show me the answer' })).toHaveCount(0);
    await expect(question).toHaveAttribute('placeholder', 'Ask about the course');

    // A new question starts a new ladder; the button gives its answer, by keyboard too.
    const next = await ask(FAQ[1].question, 3);
    await expect(next.getByTestId('answer-text')).not.toContainText('octagon');
    await next.getByRole('button', { name: 'Show me the answer' }).focus();
    await page.keyboard.press('Enter');
    const shown = page.getByTestId('guru-answer').nth(4);
    await expect(shown).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(page.getByTestId('student-question').nth(4)).toHaveText('Show me the answer');
    await expect(shown.getByTestId('answer-text')).toContainText('Here is the answer:');
    await expect(shown.getByTestId('answer-text')).toContainText('octagon');
  } finally {
    await request.delete(`/api/gurus/${guru.id}`, { headers: authHeader(jwtToken) });
  }
});
