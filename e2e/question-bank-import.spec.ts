import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loginAs } from './support/accounts';
import { createCourseViaApi } from './support/api';
import { seriousViolations } from './support/page-checks';
import { expect, test } from './support/test';

/** A well-known valid 1×1 PNG, as Moodle embeds a question's picture (base64 inside the XML). */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A Moodle XML export: a category, a question with a picture, a Hindi true/false, an essay and a cloze. */
function moodleBank(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'gurukul-e2e-bank-')), 'moodle-questions.xml');
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Geography/Rivers</text></category></question>
  <question type="multichoice">
    <name><text>Longest river</text></name>
    <questiontext format="html">
      <text><![CDATA[<p>Which is the longest river of India?</p><p><img src="@@PLUGINFILE@@/map.png" alt="Map of rivers"></p>]]></text>
      <file name="map.png" path="/" encoding="base64">${PNG}</file>
    </questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>The Ganga flows about 2,525 km.</p>]]></text></generalfeedback>
    <defaultgrade>2</defaultgrade>
    <single>true</single>
    <answer fraction="100"><text>Ganga</text></answer>
    <answer fraction="0"><text>Yamuna</text></answer>
    <answer fraction="0"><text>Narmada</text></answer>
  </question>
  <question type="truefalse">
    <name><text>Hindi</text></name>
    <questiontext format="plain_text"><text>गंगा हिमालय से निकलती है।</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
  <question type="essay">
    <name><text>Essay</text></name>
    <questiontext format="html"><text><![CDATA[<p>Describe a river near you.</p><script>alert(1)</script>]]></text></questiontext>
  </question>
  <question type="multianswer">
    <name><text>Cloze</text></name>
    <questiontext format="html"><text>The Ganga meets the {1:SHORTANSWER:=Bay of Bengal}.</text></questiontext>
  </question>
</quiz>
`,
  );
  return file;
}

test('a teacher imports a Moodle XML bank: previews it, leaves one out, and the questions appear with their picture', async ({
  page,
}) => {
  const bank = moodleBank();
  await loginAs(page, 'teacher');
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  const courseId = await createCourseViaApi(page.request, token, {
    title: `Rivers ${Date.now()}`,
    description: 'The rivers of India.',
  });
  const created = await page.request.post(`/api/quizzes/of-course/${courseId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: 'Rivers check', timeLimitMinutes: 0, attemptsAllowed: 0, passPercent: 50 },
  });
  expect(created.status()).toBe(201);
  const quizId = ((await created.json()) as { id: string }).id;
  await page.goto(`/add-quiz?courseId=${courseId}&quizId=${quizId}`);
  await expect(page.getByTestId('questions-empty')).toBeVisible();

  await page.getByRole('button', { name: 'Import from Moodle, GIFT, Aiken or QTI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import questions from another system' });
  await dialog.locator('input[type=file]').setInputFiles(bank);
  await dialog.getByRole('button', { name: 'Preview' }).click();

  // Every question with what it becomes; the cloze left out with its reason. Nothing is saved yet.
  const preview = dialog.getByTestId('bank-preview');
  await expect(preview.getByText('Moodle XML: 3 questions can be imported, 1 left out.')).toBeVisible();
  // The buttons that had focus are gone: focus goes on inside the dialog, at the summary.
  await expect(dialog.getByTestId('bank-summary')).toBeFocused();
  const cards = dialog.getByTestId('bank-question');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText('Which is the longest river of India?');
  await expect(cards.nth(0)).toContainText('✓ Ganga');
  await expect(cards.nth(0)).toContainText('1 picture');
  await expect(cards.nth(0)).toContainText('Tags: Geography, Rivers');
  await expect(cards.nth(1)).toContainText('गंगा हिमालय से निकलती है।');
  await expect(cards.nth(2)).toContainText('Describe a river near you.');
  await expect(cards.nth(2)).not.toContainText('alert');
  await expect(dialog.getByTestId('bank-skipped')).toContainText(
    'Gurukul has no question of this kind (multianswer)',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByTestId('questions-empty')).toBeAttached();

  // The essay is left out; the other two are imported.
  await cards.nth(2).getByRole('checkbox').uncheck();
  await dialog.getByRole('button', { name: 'Import 2 questions' }).click();
  await expect(page.getByText('2 questions imported')).toBeVisible();
  await expect(dialog).toBeHidden();

  const listed = page.getByTestId('question-card');
  await expect(listed).toHaveCount(2);
  await expect(listed.nth(0)).toContainText('Which is the longest river of India?');
  await expect(listed.nth(0).getByTestId('question-tags')).toContainText('Rivers');
  const picture = listed.nth(0).getByRole('img', { name: 'Map of rivers' });
  await expect(picture).toBeVisible();
  // Drawn, not only placed: the signed address loads under the page's Content-Security-Policy.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(listed.nth(1)).toContainText('गंगा हिमालय से निकलती है।');
  await expect(page.getByTestId('quiz-totals')).toContainText('2 questions · 3 marks in total');
});
