import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Page helpers for the quiz journeys: the question dialog on /add-quiz, the answer saver on /quiz-round,
 * and the way into a quiz from the course player.
 */

/** Picks a question type in the question dialog's Type select. */
export async function chooseType(dialog: Locator, page: Page, label: string): Promise<void> {
  await dialog.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Opens the question dialog, lets `fill` complete it, saves, and waits for the new card. */
export async function addQuestion(
  page: Page,
  count: number,
  fill: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: 'Add question', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add question' });
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Add question' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('question-card')).toHaveCount(count);
}

/** The quiz round's save indicator says the server has every answer given so far. */
export const answersSaved = (page: Page) => expect(page.getByTestId('save-status')).toHaveText('Saved');

/**
 * From the course player: the quiz's card (its question count checked), its introduction, then Start quiz;
 * waits for the quiz round.
 */
export async function startQuizFromCourse(
  page: Page,
  options: { courseId: string; title: string; questionCount: number; instructions?: string },
): Promise<void> {
  await page.goto(`/subscribed-courses?courseId=${options.courseId}`);
  const card = page.getByTestId('course-quiz').filter({ hasText: options.title });
  await expect(card).toContainText(`${options.questionCount} questions`);
  await card.getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/preview-quiz\?quizId=/);
  await expect(page.getByRole('heading', { name: options.title })).toBeVisible();
  if (options.instructions) await expect(page.getByText(options.instructions)).toBeVisible();
  await page.getByRole('button', { name: 'Start quiz' }).click();
  await expect(page).toHaveURL(/\/quiz-round\?attemptId=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('quiz-timer')).toBeVisible();
}

/** Submit quiz, with the confirmation that says what is left unanswered. */
export async function submitQuiz(page: Page, summary: string): Promise<void> {
  await page.getByRole('button', { name: 'Submit quiz' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('submit-summary')).toContainText(summary);
  await dialog.getByRole('button', { name: 'Submit' }).click();
}
