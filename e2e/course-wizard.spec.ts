import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginAs } from './support/accounts';
import { createCourseViaApi } from './support/api';
import { expect, type Page, test } from './support/test';

/**
 * Issue 21, the wizard for a teacher who has never seen it: the six steps fit on one line on a desktop and
 * on a 390 px phone without sideways scrolling; each step leads to the next; a study PDF named after its
 * file is renamed to what students should read. (Submitting, which moves the shared approval queue, is in
 * course-approval.spec.ts.)
 */

/** A minimal valid PDF, written by hand, under the name a teacher's file might have. */
function notesPdf(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'gurukul-e2e-notes-')), 'notes.pdf');
  writeFileSync(
    file,
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  );
  return file;
}

const stepButtons = (page: Page) => page.getByTestId('wizard-stepper').locator('button');

/** Whether the page scrolls sideways (its content is wider than the window). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

async function newCourse(page: Page): Promise<string> {
  await loginAs(page, 'teacher');
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  return createCourseViaApi(page.request, token, {
    title: `Ratios ${Date.now()}`,
    description: 'Comparing quantities, one step at a time.',
  });
}

test('the wizard steps fit on one line and lead from one to the next', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const id = await newCourse(page);
  await page.goto(`/add-course-list?courseId=${id}&step=course-videos`);

  // Seven steps (the spec's six and Certificate, decision 079), each on the same line.
  await expect(stepButtons(page)).toHaveCount(7);
  const tops = await stepButtons(page).evaluateAll((buttons) =>
    buttons.map((button) => Math.round(button.getBoundingClientRect().top)),
  );
  expect(new Set(tops).size, `step tops ${tops.join(', ')}`).toBe(1);
  expect(await scrollsSideways(page)).toBe(false);

  // What is missing is listed, with a link to the step that fixes it.
  const checklist = page.getByTestId('submission-checklist');
  await expect(checklist.getByRole('listitem')).toHaveText(['Add at least one lesson video']);
  await expect(page.getByRole('button', { name: 'Submit for approval' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Continue to Quiz' }).click();
  await expect(page).toHaveURL(/step=quiz$/);
  await page.getByRole('button', { name: 'Continue to FAQ' }).click();
  await expect(page).toHaveURL(/step=faq$/);
  await page.getByRole('button', { name: 'Continue to Study Material' }).click();
  await expect(page).toHaveURL(/step=study-material$/);

  // The PDF is listed under its file name, and renamed; the name is checked as the server checks it.
  await page.locator('input[type=file]').setInputFiles(notesPdf());
  const row = page.getByTestId('material-row');
  await expect(row).toContainText('notes');
  await row.getByRole('button', { name: 'Rename notes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename study material' });
  const name = dialog.getByLabel(/^Study material name/);
  await name.fill('x'.repeat(151));
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog.getByText('Please use at most 150 characters')).toBeVisible();
  await name.fill('   ');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog.getByText('Only space not allowed')).toBeVisible();
  await name.fill('Chapter 1 notes');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Renamed to “Chapter 1 notes”')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: 'Chapter 1 notes', exact: true })).toBeVisible();
  await page.reload();
  await expect(
    page.getByTestId('material-row').getByRole('button', { name: 'Chapter 1 notes', exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Continue to Preview Videos' }).click();
  await expect(page).toHaveURL(/step=preview-videos$/);
  await page.getByRole('button', { name: 'Continue to Certificate' }).click();
  await expect(page).toHaveURL(/step=certificate$/);
  // The certificate's rules, with the defaults every course starts from.
  await expect(page.getByLabel('Share of each lesson to watch')).toHaveValue('90%');
  await expect(page.getByRole('radio', { name: 'Every quiz, at its own pass mark' })).toBeChecked();
  // The last step has no further step; Back returns.
  await expect(page.getByRole('button', { name: /^Continue to/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/step=preview-videos$/);

  // The missing lesson's link opens the lessons step.
  await checklist.getByRole('button', { name: 'Add at least one lesson video' }).click();
  await expect(page).toHaveURL(/step=course-videos$/);
});

test('the wizard fits a 390 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const id = await newCourse(page);
  for (const step of ['course-information', 'course-videos', 'certificate', 'study-material']) {
    await page.goto(`/add-course-list?courseId=${id}&step=${step}`);
    await expect(stepButtons(page)).toHaveCount(7);
    await expect(page.getByTestId('wizard-current-step')).toContainText(/^Step \d of 7: /);
    expect(await scrollsSideways(page), `${step} scrolls sideways`).toBe(false);
    const tops = await stepButtons(page).evaluateAll((buttons) =>
      buttons.map((button) => Math.round(button.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, `${step}: step tops ${tops.join(', ')}`).toBe(1);
  }
  await expect(page.getByTestId('wizard-current-step')).toHaveText('Step 5 of 7: Study Material');
});
