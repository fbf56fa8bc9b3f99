import { execFileSync } from 'node:child_process';
import { apiLogin, authHeader, createVerifiedAccount, loginWith } from './support/api';
import { payPlanWithTestCheckout } from './support/billing';
import { expect, test } from './support/test';

// Issue 32's invoice journey (decision 067): a teacher whose name is in Devanagari buys a plan for a school
// registered in another state and downloads a GST tax invoice with the IGST split, the name drawn intact.
test('a teacher with a Devanagari name gets a GST tax invoice with IGST for a school in another state', async ({
  page,
  request,
}) => {
  const fullName = 'श्रीमती क्षितिज प्रिया';
  const { email, password } = await createVerifiedAccount(request, {
    userType: 'teacher',
    fullName,
    prefix: 'gst-teacher',
  });
  await loginWith(page, email, password, '/guru-list');
  await page.goto('/plan?page=upgrade');

  // The GSTIN is checked before paying: a mistyped last character is said under the field.
  await page.getByRole('button', { name: 'GST details for your tax invoice (optional)' }).click();
  const gstin = page.getByRole('textbox', { name: 'GSTIN' });
  await gstin.fill('27AAPFU0939F1ZW');
  await gstin.press('Tab');
  await expect(
    page.getByText(
      'This GSTIN’s last character does not match the rest: please check it for a typing mistake.',
    ),
  ).toBeVisible();
  await gstin.fill('27aapfu0939f1zv');
  // Its state is the school's: Maharashtra, while the platform is in Karnataka.
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Maharashtra');

  await payPlanWithTestCheckout(page, 'Starter');

  await page.goto('/invoice');
  const row = page.getByTestId('invoices-table').locator('tbody tr').first();
  await expect(row).toContainText(/GK\/\d\d-\d\d\/\d{6}/);
  await expect(row).toContainText('₹');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /Download PDF/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^GK-\d\d-\d\d-\d{6}\.pdf$/);
  const text = execFileSync('pdftotext', [await file.path(), '-'], { encoding: 'utf8' }).replace(
    /\s+/gu,
    ' ',
  );
  for (const expected of [
    'TAX INVOICE',
    fullName,
    'GSTIN: 29AAGCB7383J1Z4',
    'GSTIN: 27AAPFU0939F1ZV',
    'Place of supply: Maharashtra (27)',
    'IGST 18%',
    'Amount in words: Rupees',
  ])
    expect(text).toContain(expected);
  expect(text).not.toContain('CGST');
});

test.describe('in Hindi', () => {
  // The drawer's GST section for a Hindi reader (decision 070): its texts, and a GSTIN's problem said in Hindi by
  // the browser, with the value filled in, before anything is sent.
  test("a Hindi teacher's checkout says the GSTIN's problem in Hindi and takes the state from a good one", async ({
    page,
    request,
  }) => {
    const { email, password } = await createVerifiedAccount(request, {
      userType: 'teacher',
      fullName: 'सुनीता वर्मा',
      prefix: 'gst-hindi',
    });
    // The account chose Hindi (on another device): after logging in, its choice wins over the browser's English.
    const session = await apiLogin(request, email, password);
    const chose = await request.put('/api/common/locale', {
      headers: authHeader(session.jwtToken),
      data: { locale: 'hi' },
    });
    expect(chose.status()).toBe(200);
    await loginWith(page, email, password, '/guru-list');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await page.goto('/plan?page=upgrade');
    await page.getByRole('button', { name: 'टैक्स इनवॉइस के लिए GST विवरण (वैकल्पिक)' }).click();
    const gstin = page.getByRole('textbox', { name: 'GSTIN' });
    await gstin.fill('41AAPFU0939F1ZV');
    await gstin.press('Tab');
    await expect(page.getByText('यह GSTIN 41 से शुरू होता है, जो किसी भारतीय राज्य का कोड नहीं है।')).toBeVisible();
    await gstin.fill('27AAPFU0939F1ZW');
    await expect(
      page.getByText('इस GSTIN का आख़िरी अक्षर बाकी से मेल नहीं खाता: कृपया टाइपिंग की गलती जाँचें।'),
    ).toBeVisible();
    await gstin.fill('27aapfu0939f1zv');
    await expect(page.getByText(/इस GSTIN का आख़िरी अक्षर/u)).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'राज्य' })).toHaveValue(/Maharashtra|महाराष्ट्र/u);
    await expect(page.getByText('आपके GSTIN से लिया गया')).toBeVisible();
  });
});
