import { readFileSync } from 'node:fs';
import { DEMO } from './support/accounts';
import { apiLogin, authHeader, createVerifiedAccount, loginWith, trainGuruViaApi } from './support/api';
import { firstOption, navItemName } from './support/course-pages';
import { expect, test } from './support/test';

/**
 * Issue 32, the Hindi course (decision 065): a teacher switches the interface to Hindi, uploads a Hindi deck
 * Chromium printed, finds its slide text whole in the wizard and the narration in Hindi, generates the narrated
 * lesson, puts it in a course whose guru learns it and publishes the course; a student on a phone asks the guru
 * in Hindi, and in Hindi typed in Latin letters, and is answered in Hindi from slide 6 each time, and told in English
 * that the course is taught in Hindi.
 */

const hi = JSON.parse(readFileSync(new URL('../common/i18n/hi.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;
/** A feature's Hindi catalog (decision 069): the teacher's screens are read in Hindi. */
const hindiOf = (feature: string) =>
  JSON.parse(
    readFileSync(new URL(`../web/features/${feature}/i18n/hi.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
const library = hindiOf('library');
const moduleHi = JSON.parse(
  readFileSync(new URL('../common/i18n/module-messages/hi.json', import.meta.url), 'utf8'),
) as Record<string, string>;
const courses = hindiOf('courses');
const narrationFor = (segment: number) =>
  library['library.segment.narrationLabel'].replace('{number}', String(segment));
const HINDI_DECK = readFileSync(
  new URL('../server/test/fixtures/hindi-deck/solar-system-hi.pdf', import.meta.url),
);

test('a teacher publishes a narrated Hindi course and a student is answered by its guru in Hindi', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const teacher = await createVerifiedAccount(request, {
    userType: 'teacher',
    fullName: 'सुनीता शर्मा',
    prefix: 'hindi-teacher',
  });
  const session = await apiLogin(request, teacher.email, teacher.password);
  const headers = authHeader(session.jwtToken);
  const courseTitle = `सौर मंडल ${stamp}`;
  const created = await request.post('/api/courses', {
    headers,
    data: {
      title: courseTitle,
      description: 'कक्षा 6 विज्ञान: सूर्य, ग्रह, चंद्रमा और धूमकेतु।',
      category: 'Science',
      level: 'Beginner',
      language: 'Hindi',
      price: 0,
      currency: 'INR',
      passingScore: 40,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const courseId = ((await created.json()) as { id: string }).id;

  // The interface in Hindi, from the profile menu: <html lang> follows.
  await loginWith(page, teacher.email, teacher.password, '/guru-list');
  await page.getByTestId('profile-box').click();
  await page.getByRole('menuitemcheckbox', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page
    .getByRole('navigation', { name: hi['shell.sideNav'] })
    .getByRole('link', { name: navItemName(hi['nav.Course Library']) })
    .click();
  await expect(page).toHaveURL(/\/course-library-list$/);

  // The deck: ten slides whose text arrives whole (no NUL, no private-use glyph, no mark split off its letter).
  await page.getByRole('link', { name: library['library.list.upload'] }).first().click();
  const libraryTitle = `सौर मंडल ${stamp}`;
  await page.getByLabel(library['library.upload.titleLabel']).fill(libraryTitle);
  await page.locator('input[type=file]').setInputFiles({
    name: 'saur-mandal.pdf',
    mimeType: 'application/pdf',
    buffer: HINDI_DECK,
  });
  await page.getByRole('button', { name: library['library.upload.submit'] }).click();
  await expect(page).toHaveURL(/\/course-library-wizard\?id=[0-9a-f-]{36}/, { timeout: 30_000 });
  const segments = page.getByRole('list', { name: library['library.wizard.segments'] }).getByRole('listitem');
  await expect(segments).toHaveCount(10);
  await expect(segments.nth(1)).toContainText('सूर्य: हमारा तारा');
  const sun = page.getByRole('textbox', { name: narrationFor(2), exact: true });
  await expect(sun).toHaveValue(/^सूर्य एक तारा है, जो गरम गैसों का एक विशाल गोला है।/);
  await expect(page.getByRole('textbox', { name: narrationFor(6), exact: true })).toHaveValue(
    /मंगलयान 5 नवंबर 2013 को श्रीहरिकोटा से छोड़ा गया/,
  );
  for (const narration of await page
    .getByRole('textbox', { name: new RegExp(`^${narrationFor(99).replace('99', '\\d+')}$`) })
    .all())
    expect(await narration.inputValue()).not.toMatch(/[\p{Cc}\p{Co}\uFFFD]|\s\p{M}/u);
  // The deck's script named the narration's language; the voices speak it.
  await expect(page.getByRole('combobox', { name: library['library.settings.language'] })).toHaveValue(
    /^Hindi · /,
  );

  // The voices offered are Hindi ones, said in Hindi: never an American English speaker for a Hindi deck.
  await page.getByRole('combobox', { name: new RegExp(`^${library['library.settings.voice']}`) }).click();
  const voiceOptions = page.getByRole('option');
  await expect(voiceOptions).toHaveCount(6);
  await expect(voiceOptions.first()).toContainText('hi m3 (eSpeak NG)');
  await expect(voiceOptions.first()).toContainText(
    `हिन्दी, ${hi['components.voices.sex.male']} · ${hi['components.voices.kind.formant']}`,
  );
  await expect(page.getByRole('listbox')).not.toContainText(hi['components.voices.accent.american']);
  await page.keyboard.press('Escape');

  // The narrated lesson, rendered for real.
  await firstOption(page, library['library.settings.voice']);
  await firstOption(page, library['library.settings.fallback']);
  await expect(page.getByTestId('save-status')).toHaveText(new RegExp(`^${library['library.save.saved']}`), {
    timeout: 15_000,
  });
  await page.getByRole('button', { name: library['library.generation.generate'] }).click();
  // The spec's toast, in Hindi (the modules' messages, decision 069).
  await expect(page.getByText(moduleHi['libraryMsg.generated']).first()).toBeVisible({ timeout: 180_000 });

  // Into the course, then submitted; the admin approves it.
  await page.goto(`/add-course-list?courseId=${courseId}&step=course-videos`);
  await page.getByRole('button', { name: courses['courses.picker.open'] }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: courses['courses.picker.lessonLabel'] }).fill('सौर मंडल');
  await dialog.getByRole('combobox', { name: courses['courses.picker.video'] }).click();
  await page.getByRole('option', { name: new RegExp(libraryTitle) }).click();
  await dialog.getByRole('button', { name: courses['courses.picker.add'] }).click();
  const row = page.getByTestId('video-row').first();
  await expect(row).toContainText('सौर मंडल');
  await expect(row.getByTestId('video-status')).toHaveText(courses['courses.videos.status.ready'], {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: courses['courses.submit.submit'] }).click();
  await page.getByRole('dialog').getByRole('button', { name: courses['courses.submit.confirm'] }).click();
  await expect(page.getByTestId('course-status')).toHaveText(courses['courses.status.PENDING']);
  const admin = await apiLogin(request, DEMO.admin.email);
  const approved = await request.post(`/api/approvals/${courseId}/approve`, {
    headers: authHeader(admin.jwtToken),
    data: {},
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // The course's guru learns the lesson (the guru wizard has its own journey: guru-building.spec.ts).
  const videos = await request.get(`/api/courses/${courseId}/videos?kind=lesson`, { headers });
  const videoIds = ((await videos.json()) as { videos: { id: string }[] }).videos.map((video) => video.id);
  const guru = await request.post('/api/gurus', {
    headers,
    data: { name: `सौर गुरु ${stamp}`, subject: 'सौर मंडल', teachingMode: 'direct' },
  });
  expect(guru.status(), await guru.text()).toBe(201);
  const guruId = ((await guru.json()) as { id: string }).id;
  for (const [path, data] of [
    ['sources', { courseIds: [courseId], videoIds }],
    ['avatar-gallery', { avatar: 'teacher' }],
    ['avatar', { avatarKind: 'static', voice: 'nova', fallbackVoice: 'alloy' }],
  ] as const) {
    const saved = await request.put(`/api/gurus/${guruId}/${path}`, { headers, data });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await trainGuruViaApi(request, headers, guruId, []);

  // A student on a phone subscribes and asks the guru in Hindi: a Hindi answer, its first source slide 6.
  const student = await createVerifiedAccount(request, {
    userType: 'student',
    fullName: 'अनन्या वर्मा',
    prefix: 'hindi-student',
  });
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await loginWith(phone, student.email, student.password, '/subscribed-courses');
  await phone.goto('/explore-new-courses');
  await phone.getByLabel('Search courses').fill(stamp);
  await phone
    .getByTestId('catalog-card')
    .filter({ hasText: courseTitle })
    .getByRole('button', { name: /^View/ })
    .click();
  await phone.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(phone).toHaveURL(new RegExp(`/subscribed-courses\\?courseId=${courseId}$`));
  await phone.getByRole('link', { name: 'Ask the guru' }).click();
  await expect(phone).toHaveURL(/\/guru\?guruId=/);

  const question = phone.getByRole('textbox', { name: 'Your question' });
  await question.fill('मंगलयान कब छोड़ा गया था?');
  await question.press('Enter');
  const answer = phone.getByTestId('guru-answer').first();
  await expect(answer).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(answer).toHaveAttribute('data-not-covered', 'false');
  const text = (await answer.getByTestId('answer-text').textContent()) ?? '';
  expect(text).toContain('2013');
  expect(text).toMatch(/\p{Script=Devanagari}/u);
  await expect(answer.getByTestId('citation-link').first()).toContainText(
    /, slide 6 “मंगल: लाल ग्रह” at \d+:\d\d/,
  );

  // The same question typed in Latin letters, as many students type Hindi on a phone: read as Hindi, answered
  // in Hindi from the same slide.
  await question.fill('mangalyaan kab chhoda gaya tha?');
  await question.press('Enter');
  const romanised = phone.getByTestId('guru-answer').nth(1);
  await expect(romanised).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(romanised).toHaveAttribute('data-not-covered', 'false');
  const romanisedText = (await romanised.getByTestId('answer-text').textContent()) ?? '';
  expect(romanisedText).toContain('2013');
  expect(romanisedText).toMatch(/\p{Script=Devanagari}/u);
  await expect(romanised.getByTestId('citation-link').first()).toContainText(/, slide 6 “मंगल: लाल ग्रह”/);

  // In English, the student is told in English that the course is taught in Hindi.
  await question.fill('When was Mangalyaan launched?');
  await question.press('Enter');
  const refusal = phone.getByTestId('guru-answer').nth(2);
  await expect(refusal).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(refusal).toHaveAttribute('data-not-covered', 'true');
  await expect(refusal).toContainText('This course is taught in Hindi. Please ask your question in Hindi');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
