import type { PaymentResult, PaymentRow } from '../common/contracts/billing';
import { DEMO } from './support/accounts';
import { apiLogin, authHeader, createCourseViaApi, createVerifiedAccount, loginWith } from './support/api';
import { addReadyLesson } from './support/course-lessons';
import { expect, test } from './support/test';

/**
 * A student buys a paid course through the local test checkout and then learns it; clicking twice, or
 * paying the same order again, charges once. Runs in the 'shared-state' project: approving the course moves
 * the admin's approval queue.
 */
test('a new student buys a paid course once and can then learn it', async ({ page, request }) => {
  // A long journey: three times the default (playwright.config.ts).
  test.slow();
  const stamp = `Buy${Date.now().toString(36)}`;
  const title = `${stamp} Paid Algebra`;

  // The demo teacher creates a priced course and the admin approves it.
  const teacher = await apiLogin(request, DEMO.teacher.email);
  const courseId = await createCourseViaApi(request, teacher.jwtToken, {
    title,
    description: 'Equations and their balance, one step at a time.',
    price: 749,
  });
  await addReadyLesson(request, teacher.jwtToken, courseId, 'Balancing equations');
  const submit = await request.post(`/api/courses/${courseId}/submit`, {
    headers: authHeader(teacher.jwtToken),
  });
  expect(submit.status(), await submit.text()).toBe(200);
  const admin = await apiLogin(request, DEMO.admin.email);
  const approve = await request.post(`/api/approvals/${courseId}/approve`, {
    headers: authHeader(admin.jwtToken),
    data: {},
  });
  expect(approve.status(), await approve.text()).toBe(200);

  // A freshly signed-up student (the demo student stays untouched) finds it.
  const student = await createVerifiedAccount(request, {
    userType: 'student',
    fullName: 'Priya Purchaser',
    prefix: 'course-buyer',
  });
  await loginWith(page, student.email, student.password, '/subscribed-courses');
  const token = (await page.evaluate(() => localStorage.getItem('jwtToken'))) as string;
  const paymentsOf = async () => {
    const response = await page.request.get('/api/payments/history', { headers: authHeader(token) });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { payments: PaymentRow[] }).payments;
  };

  await page.goto('/explore-new-courses');
  await page.getByLabel('Search courses').fill(stamp);
  await page
    .getByTestId('catalog-card')
    .filter({ hasText: title })
    .getByRole('button', { name: /^View/ })
    .click();
  const detail = page.getByTestId('course-detail');
  await expect(detail).toBeVisible();

  // A school's GST details for the tax invoice, as with a plan: here a buyer in the platform's own state.
  await detail.getByRole('button', { name: 'GST details for your tax invoice (optional)' }).click();
  await detail.getByRole('combobox', { name: 'State' }).fill('Karnat');
  await page.getByRole('option', { name: 'Karnataka' }).click();

  // A double click on Buy opens one checkout with one order.
  const orders: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/payments/orders')
      orders.push(sent.postData() ?? '');
  });
  const orderAnswer = page.waitForResponse(
    (answer) =>
      new URL(answer.url()).pathname === '/api/payments/orders' && answer.request().method() === 'POST',
  );
  await detail.getByRole('button', { name: /^Buy for / }).dblclick();
  const order = (await (await orderAnswer).json()) as { orderId: string; amount: number };
  expect(order.amount).toBeGreaterThan(0);
  const dialog = page.getByRole('dialog', { name: 'Test payment — no money is charged' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  await expect(dialog.getByTestId('test-checkout-amount')).toHaveText(/\d/);
  expect(orders).toHaveLength(1);
  // The state chosen reaches the order, which decides the tax split (server/modules/invoices: gst-invoices.test.ts).
  expect(JSON.parse(orders[0])).toMatchObject({ purpose: 'course', courseId, state: '29' });

  // While the payment is on its way, Pay cannot be pressed again and the dialog cannot be closed.
  let releasePayment: () => void = () => undefined;
  const paymentHeld = new Promise<void>((resolve) => {
    releasePayment = resolve;
  });
  let payCalls = 0;
  await page.route('**/api/payments/orders/*/test-pay', async (route) => {
    payCalls += 1;
    await paymentHeld;
    await route.continue();
  });
  const pay = dialog.getByRole('button', { name: 'Pay (test)' });
  await pay.click();
  await expect(pay).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Decline (test)' })).toBeDisabled();
  await pay.dispatchEvent('click');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  releasePayment();

  // Paid: the student lands in the course.
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/subscribed-courses\\?courseId=${courseId}$`));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(payCalls).toBe(1);
  await page.unroute('**/api/payments/orders/*/test-pay');

  // Paying the same order again changes nothing, and a second order for the course is refused.
  const again = await page.request.post(`/api/payments/orders/${order.orderId}/test-pay`, {
    headers: authHeader(token),
    data: { outcome: 'success' },
  });
  expect(again.status(), await again.text()).toBe(200);
  expect(((await again.json()) as PaymentResult).status).toBe('paid');
  const second = await page.request.post('/api/payments/orders', {
    headers: authHeader(token),
    data: { purpose: 'course', courseId },
  });
  expect(second.status()).toBe(409);
  expect(await second.text()).toContain('already subscribed');

  const payments = await paymentsOf();
  expect(payments.filter((payment) => payment.status === 'paid')).toHaveLength(1);
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ purpose: 'course', orderId: order.orderId, amount: order.amount });
  expect(payments[0].invoiceNumber).toMatch(/^GK\/\d\d-\d\d\/\d{6}$/);
  // The course is in the student's list, and the catalog now offers "Go to course" instead of Buy.
  await page.goto('/subscribed-courses');
  await expect(page.getByTestId('subscribed-card').filter({ hasText: title })).toBeVisible();
  await page.goto('/explore-new-courses');
  await page.getByLabel('Search courses').fill(stamp);
  await page
    .getByTestId('catalog-card')
    .filter({ hasText: title })
    .getByRole('button', { name: /^View/ })
    .click();
  await expect(detail.getByRole('link', { name: 'Go to course' })).toBeVisible();
  await expect(detail.getByRole('button', { name: /^Buy for / })).toHaveCount(0);
});
