import { DEMO } from './support/accounts';
import { apiLogin, authHeader, createVerifiedAccount, loginWith } from './support/api';
import { choose } from './support/course-pages';
import { expect, test } from './support/test';

/** A real 1×1 PNG: the server checks attachments by their bytes. */
const SCREENSHOT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('help that answers live (issue 16)', () => {
  test('a student raises a ticket with a screenshot, sees the reply live, and rates the resolved ticket', async ({
    page,
    request,
  }) => {
    const student = await createVerifiedAccount(request, {
      userType: 'student',
      fullName: 'Kavya Learner',
      prefix: 'help-student',
    });
    await loginWith(page, student.email, student.password, '/subscribed-courses');

    // Help from the profile menu, with where the student was.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/support-tickets$/);
    await expect(page.getByTestId('tickets-empty')).toContainText('No tickets yet');

    await page.getByRole('button', { name: 'New ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'New ticket' });
    await dialog.getByRole('button', { name: 'Send ticket' }).click();
    await expect(dialog.getByText('Please fill this field')).toHaveCount(2);
    await expect(dialog.getByText('Please select an option')).toBeVisible();
    await dialog.getByLabel(/^Subject/).fill('The quiz button does nothing');
    await choose(page, 'Category', 'Technical');
    await dialog.getByLabel(/^Message/).fill('   ');
    await dialog.getByLabel(/^Message/).blur();
    await expect(dialog.getByText('Only space not allowed')).toBeVisible();
    await dialog.getByLabel(/^Message/).fill('When I press Start quiz nothing happens. Screenshot attached.');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'quiz-button.png',
      mimeType: 'image/png',
      buffer: SCREENSHOT,
    });
    await expect(dialog.getByTestId('attached-file')).toContainText('quiz-button.png');
    await dialog.getByRole('button', { name: 'Send ticket' }).click();

    await expect(page).toHaveURL(/\/view-ticket\?id=/);
    const ticketId = new URL(page.url()).searchParams.get('id') as string;
    await expect(page.getByRole('heading', { name: /The quiz button does nothing/ })).toBeVisible();
    await expect(page.getByTestId('ticket-status')).toHaveText('Open');
    const attachment = page.getByTestId('ticket-attachment').getByRole('img', { name: 'quiz-button.png' });
    await expect(attachment).toBeVisible();
    // The preview really loaded: the signed link served the image.
    await expect.poll(() => attachment.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    // The desk sees the page the student came from, and answers.
    const admin = await apiLogin(request, DEMO.admin.email);
    const desk = await request.get(`/api/admin/support/tickets/${ticketId}`, {
      headers: authHeader(admin.jwtToken),
    });
    expect((await desk.json()).context.route).toBe('/subscribed-courses');
    const answer = 'Thanks, Kavya. Please update your browser; the button works from version 120.';
    const replied = await request.post(`/api/admin/support/tickets/${ticketId}/replies`, {
      headers: authHeader(admin.jwtToken),
      data: { message: answer },
    });
    expect(replied.status(), await replied.text()).toBe(200);

    // Live on the open page: the thread, the status and a toast, without a reload.
    await expect(page.getByTestId('ticket-message').filter({ hasText: answer })).toBeVisible();
    await expect(page.getByTestId('ticket-status')).toHaveText('In review');
    await expect(page.getByRole('alert').filter({ hasText: answer }).first()).toBeVisible();

    // Resolved by the desk: the page offers the rating at once.
    await request.patch(`/api/admin/support/tickets/${ticketId}`, {
      headers: authHeader(admin.jwtToken),
      data: { status: 'resolved' },
    });
    await expect(page.getByTestId('ticket-status')).toHaveText('Resolved');
    const rating = page.getByTestId('ticket-rating');
    await expect(rating).toContainText('How did we do?');
    // Mantine's stars are labels over visually hidden radio inputs: click the label of the one named 5.
    const five = await rating.getByRole('radio', { name: '5' }).getAttribute('id');
    await rating.locator(`label[for="${five}"]`).click();
    await expect(rating).toContainText('Thank you for your rating');
    await page.reload();
    await expect(page.getByTestId('ticket-rating').getByRole('radio', { name: '5' })).toBeChecked();

    // On the list, a new reply marks the ticket and the profile with the Help dot.
    await page.goto('/support-tickets');
    await expect(page.getByTestId('ticket-row')).toHaveCount(1);
    await request.post(`/api/admin/support/tickets/${ticketId}/replies`, {
      headers: authHeader(admin.jwtToken),
      data: { message: 'One more tip: clear the cache too.' },
    });
    await expect(page.getByTestId('ticket-row')).toContainText('New reply');
    await expect(page.getByTestId('help-dot').locator('.mantine-Indicator-indicator')).toBeVisible();
    await page.getByTestId('ticket-row').getByRole('link').click();
    await expect(page.getByTestId('ticket-message').filter({ hasText: 'clear the cache' })).toBeVisible();
    await expect(page.getByTestId('help-dot').locator('.mantine-Indicator-indicator')).toHaveCount(0);
  });
});
