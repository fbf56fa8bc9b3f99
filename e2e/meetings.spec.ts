import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { DEMO, newSession } from './support/accounts';
import { apiLogin, authHeader, createVerifiedAccount, loginWith } from './support/api';
import { expect, expectFailedResponses, test } from './support/test';

const pad = (value: number) => String(value).padStart(2, '0');
/** A datetime-local value for a moment, in the machine's time zone (the browser's too). */
const localInput = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
const letters = () =>
  Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/**
 * Meeting requests (issue 16): a student of the demo course asks its teacher for a meeting from the course page,
 * is refused a second open request, teacher@ accepts it with a time and a link on Conversation Management →
 * Meeting requests, the student's open page shows it accepted live, and the .ics parses with ical.js.
 * A fresh student is used: the demo's student@ already has the seeded pending request (server/seed/demo-meetings.ts).
 */
test('a student requests a meeting, the teacher accepts it, and the calendar file parses', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const demoStudent = await apiLogin(request, DEMO.student.email);
  const subscriptions = await request.get('/api/learning/subscriptions', {
    headers: authHeader(demoStudent.jwtToken),
  });
  const course = ((await subscriptions.json()) as { courses: { id: string; title: string }[] }).courses.find(
    (c) => c.title === 'Foundations of Geometry',
  );
  expect(course, 'the demo course').toBeTruthy();
  const courseId = course?.id ?? '';

  const name = `Mira ${letters()}`;
  const student = await createVerifiedAccount(request, {
    userType: 'student',
    fullName: name,
    prefix: 'meeting-student',
  });
  const session = await apiLogin(request, student.email, student.password);
  const subscribed = await request.post(`/api/learning/courses/${courseId}/subscribe`, {
    headers: authHeader(session.jwtToken),
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);

  // The student asks from the course page; the form checks the topic when it is left.
  await loginWith(page, student.email, student.password, '/subscribed-courses');
  await page.goto(`/subscribed-courses?courseId=${courseId}`);
  const card = page.getByTestId('my-meetings');
  await card.getByRole('button', { name: 'Request a meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a meeting' });
  await dialog.getByLabel('Topic').fill('   ');
  await dialog.getByLabel('Topic').blur();
  await expect(dialog.getByText('Only space not allowed')).toBeVisible();
  await dialog.getByLabel('Topic').fill('How do I prove the angles of a triangle add up to 180°?');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Meeting Request is submitted successfully' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  const mine = card.getByTestId('my-meeting');
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('meeting-status')).toHaveText('Pending');

  // A second open request for the same course is refused.
  expectFailedResponses({ status: 409, method: 'POST', path: '/api/meetings' });
  await card.getByRole('button', { name: 'Request a meeting' }).click();
  await dialog.getByLabel('Topic').fill('Another question');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Meeting Request already exists' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(mine).toHaveCount(1);

  // teacher@ accepts it with a time and a link.
  const teacher = await newSession(browser, 'teacher');
  await teacher.goto('/conversation-management?tab=meetings');
  await expect(teacher.getByRole('tab', { name: 'Meeting requests' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const row = teacher.getByRole('article', { name: `Meeting request from ${name}` });
  await expect(row).toContainText('Foundations of Geometry');
  await row.getByRole('button', { name: 'Accept' }).click();
  const accept = teacher.getByRole('dialog', { name: 'Accept the meeting request' });
  const startsAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  startsAt.setHours(15, 30, 0, 0);
  await accept.getByLabel('Starts at').fill(localInput(startsAt));
  await accept.getByLabel('Duration (minutes)').fill('45');
  await accept.getByLabel('Meeting link').fill('not a link');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(accept.getByText('Please enter a valid URL')).toBeVisible();
  const link = 'https://meet.example.com/geo-triangles';
  await accept.getByLabel('Meeting link').fill(link);
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(teacher.getByRole('alert').filter({ hasText: 'Meeting accepted' })).toBeVisible();
  await expect(accept).toBeHidden();

  // The student's open page shows it accepted, live, with the link.
  await expect(page.getByRole('alert').filter({ hasText: 'accepted your meeting request' })).toBeVisible();
  await expect(mine.getByTestId('meeting-status')).toHaveText('Accepted');
  await expect(mine.getByRole('link', { name: /Join the meeting/ })).toHaveAttribute('href', link);

  // The calendar file parses: start, end, summary and link.
  const downloading = page.waitForEvent('download');
  await mine.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^gurukul-meeting-\d{4}-\d{2}-\d{2}\.ics$/);
  const text = await readFile((await download.path()) as string, 'utf8');
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') as ICAL.Component;
  const event = new ICAL.Event(vevent);
  expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
  expect(event.endDate.toJSDate().getTime() - startsAt.getTime()).toBe(45 * 60 * 1000);
  expect(event.summary).toBe('Meeting: Foundations of Geometry');
  expect(vevent.getFirstPropertyValue('url')).toBe(link);
  expect(event.description).toContain(name);
  await teacher.context().close();
});
