import { newSession } from './support/accounts';
import { approvalsBadge, choose } from './support/course-pages';
import { expect, test } from './support/test';

/**
 * Issue 3's approval loop in two browsers: a teacher drafts a course (the draft survives a reload) and
 * submits it; the admin's badge changes live; the admin rejects with a comment the teacher sees, then
 * approves the resubmission; editing the approved course asks for re-approval and the admin sees what changed.
 */

test('a course goes from draft to approved, and back through re-approval', async ({ browser }) => {
  const title = `Trigonometry ${Date.now()}`;
  const admin = await newSession(browser, 'admin');
  await expect(approvalsBadge(admin)).toBeVisible();
  const before = Number(await approvalsBadge(admin).textContent());

  const teacher = await newSession(browser, 'teacher');
  await teacher.goto('/course-list?tab=course');
  await teacher.getByRole('link', { name: 'Add course' }).click();
  await expect(teacher).toHaveURL(/\/add-course-list\?step=course-information$/);
  await teacher.getByLabel(/^Title/).fill(title);
  await teacher.getByLabel(/^Price/).fill('-5');
  await teacher.getByLabel(/^Price/).blur();
  await expect(teacher.getByText('Negative value is not allowed')).toBeVisible();
  await teacher.getByLabel(/^Price/).fill('20000000');
  await teacher.getByLabel(/^Price/).blur();
  await expect(teacher.getByText('Value should be less than 1,00,00,000')).toBeVisible();
  await teacher.getByLabel(/^Price/).fill('299');
  await teacher.getByLabel(/^Description/).fill('Sines, cosines and the unit circle.');
  await choose(teacher, 'Category', 'Mathematics');
  await choose(teacher, 'Level', 'Intermediate');
  await choose(teacher, 'Language', 'English');
  await teacher.getByRole('button', { name: 'Save and continue' }).click();
  await expect(teacher.getByText('Course Saved')).toBeVisible();
  await expect(teacher).toHaveURL(/courseId=[0-9a-f-]{36}/);

  // The draft lives on the server: a reload shows it again.
  await teacher.reload();
  await expect(teacher.getByLabel(/^Title/)).toHaveValue(title);
  await expect(teacher.getByTestId('course-status')).toHaveText('Draft');

  await teacher.getByRole('button', { name: 'Submit for approval' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(teacher.getByTestId('course-status')).toHaveText('Pending approval');

  // The admin's badge follows without a reload.
  await expect(approvalsBadge(admin)).toHaveText(String(before + 1));

  await admin.getByRole('link', { name: 'Approvals', exact: true }).click();
  await admin.getByRole('link', { name: title }).click();
  await expect(admin).toHaveURL(/\/view-approval\?courseId=/);
  await expect(admin.getByText('Sines, cosines and the unit circle.')).toBeVisible();
  await admin.getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText('Please fill this field')).toBeVisible();
  await admin.getByLabel('Comment for the teacher').fill('Please add a lesson on radians.');
  await admin.getByRole('button', { name: 'Reject' }).click();
  await expect(admin).toHaveURL(/\/approvals$/);
  await expect(approvalsBadge(admin)).toHaveText(String(before));

  // The teacher hears about it live and sees the comment on the course.
  await expect(teacher.getByText(/was rejected: Please add a lesson on radians\./)).toBeVisible();
  await teacher.reload();
  await expect(teacher.getByTestId('review-comment')).toContainText('Please add a lesson on radians.');
  await teacher.getByRole('button', { name: 'Submit for approval' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(teacher.getByTestId('course-status')).toHaveText('Pending approval');
  await expect(approvalsBadge(admin)).toHaveText(String(before + 1));

  await admin.getByRole('link', { name: title }).click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin).toHaveURL(/\/approvals$/);
  await expect(approvalsBadge(admin)).toHaveText(String(before));
  await expect(teacher.getByText(/was approved and is live/)).toBeVisible();
  await expect(teacher.getByTestId('course-status')).toHaveText('Approved');

  // Editing the approved course asks for re-approval; the admin sees the change.
  await teacher.getByLabel(/^Title/).fill(`${title} and Radians`);
  await teacher.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(teacher.getByTestId('course-status')).toHaveText('Pending re-approval');
  await expect(teacher.getByText('Students still see the approved version.')).toBeVisible();
  await expect(approvalsBadge(admin)).toHaveText(String(before + 1));
  await admin.getByRole('link', { name: `${title} and Radians` }).click();
  await expect(admin.getByTestId('changes')).toContainText(`“${title}” → “${title} and Radians”`);
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(approvalsBadge(admin)).toHaveText(String(before));
});
