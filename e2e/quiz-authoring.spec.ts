import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginAs } from './support/accounts';
import { createCourseViaApi } from './support/api';
import { seriousViolations } from './support/page-checks';
import { addQuestion, chooseType } from './support/quiz-pages';
import { expect, test } from './support/test';

/** An import file with one good row and one row whose correct option does not exist. */
function makeCsv() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-e2e-quiz-'));
  const file = path.join(dir, 'questions.csv');
  writeFileSync(
    file,
    [
      'type,prompt,options,correct,marks,negative_marks,explanation',
      'single,"Which shape has three sides?",Square|Triangle|Circle,2,1,0,Tri means three.',
      'single,Which shape is round?,Square|Circle,5,1,0,',
      '',
    ].join('\n'),
  );
  return file;
}

test('a teacher builds a quiz with every question type, imports a CSV and views it', async ({ page }) => {
  // A long journey (six questions through the dialog, an import, the view): more than the default minute.
  // A long journey: three times the default (playwright.config.ts).
  test.slow();
  const csv = makeCsv();
  await loginAs(page, 'teacher');
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  const courseId = await createCourseViaApi(page.request, token, {
    title: `Shapes ${Date.now()}`,
    description: 'Triangles, squares and circles.',
  });

  // The wizard's quiz step starts empty and leads to the quiz editor.
  await page.goto(`/add-course-list?courseId=${courseId}`);
  await page.getByRole('button', { name: /^(\d )?Quiz: Quiz/ }).click();
  await expect(page.getByTestId('quizzes-empty')).toBeVisible();
  await page.getByRole('link', { name: 'Add quiz' }).click();
  await expect(page).toHaveURL(new RegExp(`/add-quiz\\?courseId=${courseId}$`));

  // Settings are checked when each field is left, with the shared schema's texts.
  await page.getByLabel(/^Pass mark/).fill('150');
  await page.getByLabel(/^Pass mark/).blur();
  await expect(page.getByText('Percentage Value should be less than 100')).toBeVisible();
  await page.getByLabel(/^Pass mark/).fill('50');
  await page.getByLabel(/^Title/).fill('Shapes check');
  await page.getByLabel(/^Time limit/).fill('15');
  await page.getByLabel(/^Attempts allowed/).fill('3');
  await page.getByRole('radio', { name: 'All questions at once' }).check();
  await page.getByRole('button', { name: 'Create quiz' }).click();
  await expect(page).toHaveURL(/\/add-quiz\?courseId=[\w-]+&quizId=[\w-]+$/);
  const quizId = new URL(page.url()).searchParams.get('quizId') as string;
  await expect(page.getByTestId('questions-empty')).toBeVisible();

  // One question of each of the six types.
  await addQuestion(page, 1, async (dialog) => {
    await dialog.getByLabel(/^Question/).fill('How many sides does a square have?');
    await dialog.getByRole('textbox', { name: /^Option 1/ }).fill('3');
    await dialog.getByRole('textbox', { name: /^Option 2/ }).fill('4');
    // Without a correct option the schema's text shows and nothing is saved.
    await dialog.getByRole('button', { name: 'Add question' }).click();
    await expect(dialog.getByText('Please mark exactly one correct option')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Option 2 is correct' }).check();
    await expect(dialog.getByText('Please mark exactly one correct option')).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
  });
  await addQuestion(page, 2, async (dialog) => {
    await chooseType(dialog, page, 'Multiple choice');
    await dialog.getByLabel(/^Question/).fill('Which shapes have corners?');
    await dialog.getByRole('textbox', { name: /^Option 1/ }).fill('Square');
    await dialog.getByRole('textbox', { name: /^Option 2/ }).fill('Circle');
    await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByRole('textbox', { name: /^Option 3/ }).fill('Triangle');
    await dialog.getByRole('checkbox', { name: 'Option 1 is correct' }).check();
    await dialog.getByRole('checkbox', { name: 'Option 3 is correct' }).check();
    await dialog.getByLabel(/^Marks/).fill('2');
    await dialog.getByLabel(/^Negative marks/).fill('0.5');
  });
  await addQuestion(page, 3, async (dialog) => {
    await chooseType(dialog, page, 'True / false');
    await dialog.getByLabel(/^Question/).fill('A circle has no corners.');
    await dialog.getByRole('radio', { name: 'True', exact: true }).check();
  });
  await addQuestion(page, 4, async (dialog) => {
    await chooseType(dialog, page, 'Short answer');
    await dialog.getByLabel(/^Question/).fill('What is a four-sided polygon called?');
    await expect(dialog.getByText(/Case and spacing are ignored/)).toBeVisible();
    const answers = dialog.getByRole('combobox', { name: /^Accepted answers/ });
    await answers.fill('Quadrilateral');
    await answers.press('Enter');
  });
  await addQuestion(page, 5, async (dialog) => {
    await chooseType(dialog, page, 'Long answer');
    await dialog.getByLabel(/^Question/).fill('Explain why a triangle is rigid.');
    await expect(dialog.getByText(/marked by hand/)).toBeVisible();
    await dialog.getByLabel(/^Marks/).fill('5');
  });
  await addQuestion(page, 6, async (dialog) => {
    await chooseType(dialog, page, 'File answer');
    await dialog.getByLabel(/^Question/).fill('Upload a drawing of a hexagon.');
  });
  const cards = page.getByTestId('question-card');
  await expect(cards.nth(2).getByTestId('question-type')).toHaveText('True / false');
  await expect(page.getByTestId('quiz-totals')).toHaveText('6 questions · 11 marks in total');
  expect(await seriousViolations(page)).toEqual([]);

  // Reorder with the keyboard-reachable buttons.
  await page.getByRole('button', { name: 'Move down question 1' }).click();
  await expect(cards.nth(0)).toContainText('Which shapes have corners?');
  await expect(cards.nth(1)).toContainText('How many sides does a square have?');

  // Duplicate lands right after its original; deleting it asks first.
  await page.getByRole('button', { name: 'Duplicate question 3' }).click();
  await expect(cards).toHaveCount(7);
  await expect(cards.nth(3)).toContainText('A circle has no corners.');
  await page.getByRole('button', { name: 'Delete question 4' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete question' }).click();
  await expect(cards).toHaveCount(6);
  await expect(cards.nth(3)).toContainText('What is a four-sided polygon called?');

  // CSV import: the template is made in the browser; one good row and one bad row give a report.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importer = page.getByRole('dialog', { name: 'Import questions from CSV' });
  const downloading = page.waitForEvent('download');
  await importer.getByRole('link', { name: 'Download template' }).click();
  const template = await downloading;
  const templateText = readFileSync(await template.path(), 'utf8');
  expect(templateText.split(/\r?\n/)[0]).toBe('type,prompt,options,correct,marks,negative_marks,explanation');
  expect(templateText.split(/\r?\n/).filter(Boolean)).toHaveLength(7);
  await importer.locator('input[type=file]').setInputFiles(csv);
  await importer.getByRole('button', { name: 'Import' }).click();
  const report = importer.getByTestId('import-report');
  await expect(report).toContainText('1 question imported');
  await expect(importer.getByTestId('rejected-row')).toHaveCount(1);
  await expect(importer.getByTestId('rejected-row')).toContainText('3');
  await expect(importer.getByTestId('rejected-row')).toContainText('correct');
  await importer.getByRole('button', { name: 'Done' }).click();
  await expect(cards).toHaveCount(7);
  await expect(cards.nth(6)).toContainText('Which shape has three sides?');

  // The read-only view shows every question with its correct answers.
  await page.getByRole('link', { name: 'View', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/view-quiz\\?quizId=${quizId}&courseId=${courseId}$`));
  await expect(page.getByRole('heading', { name: 'Shapes check' })).toBeVisible();
  await expect(page.getByTestId('quiz-settings-summary')).toContainText('15 min');
  await expect(page.getByTestId('quiz-settings-summary')).toContainText('50%');
  const viewed = page.getByTestId('view-question');
  await expect(viewed).toHaveCount(7);
  await expect(viewed.nth(0).locator('[data-correct]')).toHaveText([
    'Square (correct)',
    'Triangle (correct)',
  ]);
  await expect(viewed.nth(2).locator('[data-correct]')).toHaveText('True (correct)');
  await expect(viewed.nth(3)).toContainText('Quadrilateral');
  await expect(viewed.nth(6)).toContainText('Tri means three.');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByRole('link', { name: 'Preview' })).toHaveAttribute(
    'href',
    `/preview-quiz?quizId=${quizId}&courseId=${courseId}&mode=author`,
  );

  // Back in the wizard the quiz is listed and the step is complete.
  await page.goto(`/add-course-list?courseId=${courseId}&step=quiz`);
  const row = page.getByTestId('quiz-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Shapes check');
  await expect(row).toContainText('7');
  await expect(page.getByRole('button', { name: 'Quiz (complete)' })).toBeVisible();
});
