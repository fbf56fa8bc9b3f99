import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginAs } from './support/accounts';
import { createCourseViaApi } from './support/api';
import { expect, expectFailedResponses, test } from './support/test';

/** A minimal valid PDF written by hand, and a text file that only claims to be one. */
function makeFiles() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gurukul-e2e-pdf-'));
  const real = path.join(dir, 'chapter-notes.pdf');
  writeFileSync(
    real,
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
  const fake = path.join(dir, 'fake-notes.pdf');
  writeFileSync(fake, 'these are lecture notes, not a PDF\n'.repeat(20));
  return { real, fake };
}

test('a teacher adds FAQ entries and study material, and both steps show as complete', async ({ page }) => {
  const files = makeFiles();
  await loginAs(page, 'teacher');
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  const id = await createCourseViaApi(page.request, token, {
    title: `Fractions ${Date.now()}`,
    description: 'Halves, thirds and quarters.',
  });

  await page.goto(`/add-course-list?courseId=${id}&step=faq`);
  await expect(page.getByText('No questions yet.')).toBeVisible();
  // The FAQ step, not yet done: named by what it shows, then its full label.
  await expect(page.getByRole('button', { name: '4 FAQ: FAQ', exact: true })).toBeVisible();

  // An empty question is refused with the spec's text.
  await page.getByLabel('Answer').fill('Nothing but a pencil.');
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(page.getByText('Please fill this field')).toBeVisible();

  await page.getByLabel('Question').fill('What do I need?');
  await page.getByRole('button', { name: 'Add question' }).click();
  const rows = page.getByTestId('faq-row');
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Question').fill('How long does it take?');
  await page.getByLabel('Answer').fill('About two hours.');
  await page.getByRole('button', { name: 'Add question' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('How long does it take?');

  await page.getByRole('button', { name: 'Move up How long does it take?' }).click();
  await expect(rows.nth(0)).toContainText('How long does it take?');
  await expect(rows.nth(1)).toContainText('What do I need?');

  await page.getByRole('button', { name: 'Delete What do I need?' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete question' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('How long does it take?');
  await expect(page.getByRole('button', { name: 'FAQ (complete)' })).toBeVisible();

  await page.getByRole('button', { name: /^5 Material: Study Material/ }).click();
  await expect(page.getByText('No study material yet.')).toBeVisible();
  const input = page.locator('input[type=file]');
  expectFailedResponses({ status: 400, method: 'POST', path: /^\/api\/courses\/[^/]+\/materials$/ });
  await input.setInputFiles(files.fake);
  await expect(page.getByTestId('material-error')).toHaveText('INVALID_PDF: this file is not a valid PDF');
  await expect(page.getByTestId('material-row')).toHaveCount(0);

  await input.setInputFiles(files.real);
  await expect(page.getByTestId('material-row')).toHaveCount(1);
  await expect(page.getByTestId('material-row')).toContainText('chapter-notes');
  await expect(page.getByRole('button', { name: 'Study Material (complete)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'FAQ (complete)' })).toBeVisible();

  // The single-purpose pages show the same content outside the wizard.
  await page.goto(`/view-faq?courseId=${id}`);
  await expect(page).toHaveTitle('Add/View Faq | Gurukul');
  await expect(page.getByTestId('faq-list')).toContainText('How long does it take?');
  await page.getByRole('link', { name: 'Edit FAQ' }).click();
  await expect(page).toHaveURL(new RegExp(`/add-faq\\?courseId=${id}$`));
  await expect(page.getByTestId('faq-row')).toHaveCount(1);
  await page.goto(`/add-study-material?courseId=${id}`);
  await expect(page.getByTestId('material-row')).toContainText('chapter-notes');
  await page.goto('/view-faq');
  await expect(page.getByText('No course chosen')).toBeVisible();
});
