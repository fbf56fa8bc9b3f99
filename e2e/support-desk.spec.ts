import type { TicketDetail } from '../common/contracts/support';
import { loginAs } from './support/accounts';
import { apiLogin, authHeader, createVerifiedAccount, loginWith } from './support/api';
import { seriousViolations } from './support/page-checks';
import { expect, expectFailedResponses, type Page, test } from './support/test';

/** A fresh requester with one ticket, opened through the API: no other journey's tickets get in the way. */
async function requesterWithTicket(request: import('./support/test').APIRequestContext, stamp: string) {
  const requester = await createVerifiedAccount(request, {
    userType: 'student',
    fullName: 'Rohan Requester',
    prefix: 'desk-requester',
  });
  const session = await apiLogin(request, requester.email, requester.password);
  const response = await request.post('/api/support/tickets', {
    headers: authHeader(session.jwtToken),
    data: {
      subject: `The quiz will not open ${stamp}`,
      category: 'technical',
      priority: 'high',
      message: 'When I press Start quiz nothing happens.',
      context: { route: '/subscribed-courses', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...requester, ticket: (await response.json()) as TicketDetail };
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('the admin help desk (issue 16)', () => {
  test('admin finds a ticket, takes it, notes it, answers with a canned reply; the requester sees the reply, never the note', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const { email, password, ticket } = await requesterWithTicket(request, stamp);
    const note = `Internal: known bug in the quiz loader ${stamp}`;
    const cannedTitle = `Quiz will not start ${stamp}`;
    const cannedBody = `Thank you for writing. Please reload the page; we fixed the quiz loader (${stamp}).`;

    await loginAs(page, 'admin');
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();

    // A canned reply, made from the queue.
    await page.getByRole('button', { name: 'Canned replies' }).click();
    const cannedDialog = page.getByRole('dialog', { name: 'Canned replies' });
    await cannedDialog.getByRole('button', { name: 'New canned reply' }).click();
    const newDialog = page.getByRole('dialog', { name: 'New canned reply' });
    await newDialog.getByRole('button', { name: 'Add canned reply' }).click();
    await expect(newDialog.getByText('Please fill this field').first()).toBeVisible();
    await newDialog.getByLabel('Title').fill(cannedTitle);
    await newDialog.getByLabel('Reply', { exact: true }).fill(cannedBody);
    await newDialog.getByRole('button', { name: 'Add canned reply' }).click();
    await expect(cannedDialog.getByTestId('canned-reply').filter({ hasText: cannedTitle })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cannedDialog).toBeHidden();

    // Found by search; it is open and nobody has it yet.
    await page.getByLabel('Search').fill(stamp);
    const row = page.getByTestId('desk-row').filter({ hasText: ticket.subject });
    await expect(page.getByTestId('desk-row')).toHaveCount(1);
    await expect(row).toContainText(`#${ticket.number}`);
    await expect(row).toContainText('Rohan Requester');
    await expect(row).toContainText('Unassigned');
    await expect(row).toContainText(/First response\s*Due in/);
    await row.getByRole('link', { name: ticket.subject }).click();
    await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${ticket.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ticket.subject);
    await expect(page.getByTestId('requester-card')).toContainText(email);

    // Take it.
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Assigned to you' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveValue(/\(me\)$/);

    // An internal note; the server's messages for an empty and a blank one.
    const composer = page.getByTestId('desk-composer');
    await composer.getByText('Internal note', { exact: true }).click();
    await expect(composer.getByTestId('note-warning')).toContainText('only admins see this');
    await composer.getByRole('button', { name: 'Add note' }).click();
    await expect(composer.getByText('Please fill this field')).toBeVisible();
    const noteBox = composer.getByLabel('Internal note (only admins see this)');
    await noteBox.fill('   ');
    await composer.getByRole('button', { name: 'Add note' }).click();
    await expect(composer.getByText('Only space not allowed')).toBeVisible();
    await noteBox.fill(note);
    await noteBox.press('Control+Enter');
    await expect(page.getByTestId('ticket-note').filter({ hasText: note })).toBeVisible();
    await expect(noteBox).toHaveValue('');

    // The canned reply, inserted and sent.
    await composer.getByText('Reply', { exact: true }).click();
    await composer.getByRole('combobox', { name: 'Insert a canned reply' }).click();
    await page.getByRole('option', { name: cannedTitle }).click();
    const replyBox = composer.getByLabel('Reply to Rohan Requester');
    await expect(replyBox).toHaveValue(cannedBody);
    await composer.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Reply sent' })).toBeVisible();
    await expect(page.getByTestId('ticket-message').filter({ hasText: cannedBody })).toBeVisible();
    await expect(replyBox).toHaveValue('');
    await expect(page.getByTestId('ticket-status').first()).toHaveText('In review');
    await expect(page.getByTestId('sla-first-response')).toContainText('Met');

    // In the queue it has left Open for In review.
    await page.goto(`/support?status=open&search=${stamp}`);
    await expect(page.getByText('No tickets match these filters.')).toBeVisible();
    await page.getByRole('tab', { name: /In review/ }).click();
    await expect(page.getByTestId('desk-row').filter({ hasText: ticket.subject })).toContainText(
      'Asha Admin',
    );
    await expect(page).toHaveURL(/status=inReview/);

    // The requester sees the reply and nothing of the note, anywhere on the page.
    const requester = await (await browser.newContext()).newPage();
    await loginWith(requester, email, password, '/subscribed-courses');
    await requester.goto(`/view-ticket?id=${ticket.id}`);
    await expect(requester.getByText(cannedBody)).toBeVisible();
    expect(await requester.content()).not.toContain(note);
    await expect(requester.locator('body')).not.toContainText('Internal note');
    await requester.context().close();

    // The canned reply is deleted again, after a question.
    await page.getByRole('button', { name: 'Canned replies' }).click();
    await page.getByRole('button', { name: `Delete ${cannedTitle}` }).click();
    await page.getByRole('button', { name: 'Delete canned reply' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Canned reply deleted' })).toBeVisible();
    await expect(page.getByTestId('canned-reply').filter({ hasText: cannedTitle })).toHaveCount(0);
  });

  test('on a phone the queue is cards without sideways scrolling, and the desk pages pass axe', async ({
    page,
    request,
  }) => {
    test.slow();
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    await loginAs(page, 'admin');
    await page.goto(`/support?search=${stamp}`);
    await expect(page.getByText('No tickets match these filters.')).toBeVisible();

    // A new ticket arrives in the open queue without a reload.
    const { ticket } = await requesterWithTicket(request, stamp);
    await expect(page.getByTestId('desk-row')).toHaveCount(1);
    await expect(page.getByTestId('desk-row')).toContainText(ticket.subject);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Targets' }).click();
    const targets = page.getByRole('dialog', { name: 'Response and resolution targets' });
    await expect(targets.getByLabel('First response target for Urgent priority, in hours')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await targets.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Canned replies' }).click();
    await expect(page.getByRole('dialog', { name: 'Canned replies' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // A missed target reads as such in words, not only in red (the clock is faked: targets are hours away).
    await page.route('**/api/admin/support/tickets?*', async (route) => {
      const response = await route.fetch();
      const list = (await response.json()) as { rows: { firstResponse: object }[] };
      const due = new Date(Date.now() - 2 * 3_600_000).toISOString();
      for (const row of list.rows) row.firstResponse = { targetAt: due, metAt: null, overdue: true };
      await route.fulfill({ response, json: list });
    });
    await page.reload();
    await expect(page.getByTestId('desk-row')).toContainText(/First response\s*Overdue by 2 h/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.unrouteAll();

    // The whole queue (whatever other journeys left in it), then this ticket's card, opened from the phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/support');
    await expect(page.getByTestId('desk-card').first()).toBeVisible();
    await expect(page.getByTestId('desk-table')).toBeHidden();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.goto(`/support?search=${stamp}`);
    const card = page.getByTestId('desk-card').filter({ hasText: ticket.subject });
    await expect(card).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/view-ticket\\?id=${ticket.id}$`));
    await expect(page.getByTestId('desk-composer')).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    // The note mode's tinted composer, in light and dark.
    await page.getByTestId('desk-composer').getByText('Internal note', { exact: true }).click();
    await expect(page.getByTestId('note-warning')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
    expect(await seriousViolations(page)).toEqual([]);

    expectFailedResponses({
      status: 404,
      path: '/api/admin/support/tickets/00000000-0000-4000-8000-000000000000',
    });
    await page.goto('/view-ticket?id=00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Ticket not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the support queue' }).click();
    await expect(page).toHaveURL(/\/support$/);
  });
});
