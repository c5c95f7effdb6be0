// The staff inbox: a guest's enquiry worked through to a quotation (note, reply, PDF by e-mail),
// a signed-in customer reading the reply and downloading the PDF (and nobody else), the CSV
// export matching the list, and every inbox URL refused to guests and customers.
import { randomUUID } from 'node:crypto';
import { expect, hydrated, mailsAbout, test, type Page } from './test';
import { customerPage, staffPage } from './people';
import { expectNoSeriousViolations } from './axe';
import { holdRequests } from './forms';

async function addProduct(page: Page, id: number) {
  await page.goto(`/products/${id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
}

/** Sends an enquiry for products 3 and 2 from the cart; a guest fills the contact dialog. */
async function sendEnquiry(
  page: Page,
  contact:
    | { email?: string; phone?: string; name?: string; organisation: string }
    | { organisation: string },
): Promise<string> {
  await addProduct(page, 3);
  await addProduct(page, 2);
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Message').fill('Please quote for our sports day, delivery in March.');
  const guest = 'email' in contact || 'phone' in contact;
  if (!guest) await page.getByLabel(/^Organisation/).fill(contact.organisation);
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  if (guest) {
    const dialog = page.getByRole('dialog', { name: 'Contact Information' });
    if (contact.email) await dialog.getByLabel('Email').fill(contact.email);
    if (contact.name) await dialog.getByLabel('Name (optional)').fill(contact.name);
    if (contact.phone) await dialog.getByLabel('Phone Number (optional)').fill(contact.phone);
    await dialog.getByLabel('Organisation (optional)').fill(contact.organisation);
    await dialog.getByRole('button', { name: 'Submit' }).click();
  }
  // The buyer lands on the enquiry's confirmation page.
  await expect(
    page.getByRole('heading', { name: 'Thank you, your enquiry has been sent' }),
  ).toBeVisible();
  return (await page.getByTestId('enquiry-reference').textContent())!;
}

/** A shared-drive link: one word of 150 characters, which must wrap on a phone. */
const LONG_LINK = `https://drive.example.com/file/d/${'1AbCdEfGhIjKlMnOpQrStUvWxYz'.repeat(4)}/view?usp=sharing`;

/** The page is no wider than a 390 px phone: a long word wraps instead of widening it. */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Staff open an enquiry from the inbox by its reference. */
async function openEnquiry(staff: Page, reference: string) {
  await staff.goto(`/admin/enquiries?q=${reference}`);
  await hydrated(staff);
  await staff
    .getByRole('list', { name: 'Enquiries' })
    .getByRole('link', { name: reference })
    .click();
  await expect(staff.getByRole('heading', { name: `Enquiry ${reference}` })).toBeVisible();
}

async function reply(staff: Page, text: string) {
  await staff.getByLabel('Reply to the customer').fill(text);
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText(/^Reply sent to /).first()).toBeVisible();
}

/** Prices the two items (1,250.50 × 1 and 99.90 × 1) and a delivery line, then sends. */
async function sendQuotation(staff: Page, reference: string) {
  await staff
    .getByRole('link', { name: /quotation/ })
    .first()
    .click();
  await expect(staff.getByRole('heading', { name: `Quotation Q-${reference}-1` })).toBeVisible();
  // Checked on a fresh load: the reply's toast (the shared toaster) would otherwise still show.
  await staff.reload();
  await hydrated(staff);
  await expectNoSeriousViolations(staff);
  // A guest who gave no name has none prefilled: the quotation needs one.
  const attention = staff.getByLabel('Attention to (name)');
  if (!(await attention.inputValue())) await attention.fill('Mdm Siti');
  const prices = staff.getByLabel(/^Unit price \(S\$\) for /);
  await expect(prices).toHaveCount(2);
  await prices.nth(0).fill('1,250.50');
  await prices.nth(1).fill('99.90');
  await staff.getByLabel('Note (optional) for', { exact: false }).first().fill('Includes anchors');
  await staff.getByLabel('Extra line 1 description').fill('Delivery to school');
  await staff.getByLabel('Unit price (S$) of extra line 1').fill('150');
  // 1250.50 + 99.90 + 150.00 = 1500.40; GST 9% = 135.036 → 135.04; total 1635.44.
  await expect(staff.getByTestId('subtotal')).toHaveText('S$1,500.40');
  await expect(staff.getByTestId('gst')).toHaveText('S$135.04');
  await expect(staff.getByTestId('total')).toHaveText('S$1,635.44');
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: `Quotation Q-${reference}-1 sent` }),
  ).toBeVisible();
  return `Q-${reference}-1`;
}

test('a guest enquiry is worked through: New in the inbox, a note, a reply and a quotation by e-mail', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const guest = await (await browser.newContext()).newPage();
  const email = `ops-${randomUUID().slice(0, 8)}@school.example`;
  const reference = await sendEnquiry(guest, { email, organisation: 'Bedok Primary School' });

  const staff = await staffPage(browser);
  await staff.goto('/admin/enquiries?status=new');
  await hydrated(staff);
  const nav = staff.getByRole('navigation', { name: 'Back office sections' });
  await expect(nav.getByRole('link', { name: /Enquiries \d+ new/ })).toBeVisible();
  const row = staff.getByRole('listitem').filter({ hasText: reference });
  await expect(row).toContainText('New');
  // No name given: the guest badge alone, not 'Guest Guest'.
  await expect(row.locator('p.font-medium')).toHaveText('Guest');
  await expectNoSeriousViolations(staff);

  await row.getByRole('link', { name: reference }).click();
  await expect(staff.getByRole('heading', { name: `Enquiry ${reference}` })).toBeVisible();
  await expect(staff.getByText('Bedok Primary School')).toBeVisible();
  await expect(
    staff.getByRole('link', { name: 'Aluminium Football Goalposts (Full Size)' }),
  ).toHaveAttribute('href', '/products/3');
  const timeline = staff.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Guest sent the enquiry');
  await expectNoSeriousViolations(staff);

  await staff
    .getByLabel('Private note')
    .fill(`Budget confirmed by phone; keep it under 2k. Site plan: ${LONG_LINK}`);
  await staff.getByRole('button', { name: 'Add note' }).click();
  await expect(timeline).toContainText('added a private note');
  await expect(timeline).toContainText('Budget confirmed by phone');
  await expectFitsPhone(staff);

  // The reply moves the enquiry to In progress: until the page has reloaded it, the status form
  // (which says the status it moves the enquiry from) cannot be sent.
  const release = await holdRequests(staff, /\/admin\/enquiries\/\d+\.data/);
  await reply(staff, 'Thank you! We can deliver in the second week of March.');
  await expect(staff.getByRole('button', { name: 'Change' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  release();
  await expect(timeline).toContainText('replied by e-mail');
  await expect(timeline).toContainText('to In progress');

  const number = await sendQuotation(staff, reference);
  await expect(staff.getByText('Quoted').first()).toBeVisible();
  await expect(timeline).toContainText(`sent quotation ${number}`);
  const pdf = await staff.request.get(`${staff.url().split('?')[0]}/quotations/${number}.pdf`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // One setting, the back office's: it read `no-store, private, no-store` (the route's was added).
  expect(pdf.headers()['cache-control']).toBe('no-store');

  // The customer's mail: the reply (Reply-To the company) and the quotation with its PDF.
  await expect.poll(() => mailsAbout(`Re: your enquiry ${reference}`).length).toBe(1);
  const replyMail = mailsAbout(`Re: your enquiry ${reference}`)[0]!;
  expect(replyMail).toContain(`To: ${email}`);
  expect(replyMail).toMatch(/Reply-To: \S*hello@fieldhouse\.example/);
  expect(replyMail).toContain('We can deliver in the second week of March.');
  expect(replyMail).not.toContain('Budget confirmed');
  await expect.poll(() => mailsAbout(`Quotation ${number}`).length).toBe(1);
  const quoteMail = mailsAbout(`Quotation ${number}`)[0]!;
  expect(quoteMail).toContain(`To: ${email}`);
  expect(quoteMail).toMatch(new RegExp(`Content-Type: application/pdf; name="?${number}\\.pdf`));
  expect(quoteMail).toContain('S$1,635.44');
});

test('a signed-in customer sees Quoted, the reply and the PDF; another customer gets 404', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = await customerPage(browser);
  const reference = await sendEnquiry(customer, { organisation: 'Tampines Sports Club' });
  await customer.goto('/orders');
  await hydrated(customer);
  await customer.getByRole('link', { name: reference }).click();
  await expect(customer).toHaveURL(/\/orders\/\d+$/);
  await expect(customer.getByText('No quotation yet.')).toBeVisible();
  const own = customer.url();

  const staff = await staffPage(browser);
  await openEnquiry(staff, reference);
  await staff.getByLabel('Private note').fill('Secret margin note.');
  await staff.getByRole('button', { name: 'Add note' }).click();
  await expect(staff.getByRole('region', { name: 'Timeline' })).toContainText(
    'Secret margin note.',
  );
  await reply(staff, 'Your quotation follows shortly.');
  const number = await sendQuotation(staff, reference);
  // A revision starts from the first quotation's prices and gets the next number.
  await staff.getByRole('link', { name: 'Revise quotation' }).click();
  await expect(staff.getByRole('heading', { name: `Quotation Q-${reference}-2` })).toBeVisible();
  await expect(staff.getByTestId('total')).toHaveText('S$1,635.44');
  await staff
    .getByLabel(/^Unit price \(S\$\) for /)
    .first()
    .fill('1,200');
  await expect(staff.getByTestId('total')).toHaveText('S$1,580.39');
  // A colleague opened the same revision meanwhile: after this send, theirs is refused.
  const colleague = await staff.context().newPage();
  await colleague.goto(staff.url());
  await hydrated(colleague);
  await expect(
    colleague.getByRole('heading', { name: `Quotation Q-${reference}-2` }),
  ).toBeVisible();
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: `Q-${reference}-2 sent` }),
  ).toBeVisible();
  await colleague.getByLabel('Unit price (S$) of extra line 1').fill('175');
  await colleague.getByRole('button', { name: 'Send quotation' }).click();
  await expect(
    colleague.getByText(`Quotation Q-${reference}-2 was sent while you were writing this one.`, {
      exact: false,
    }),
  ).toBeVisible();
  // Sending it again now is a choice made knowing of quotation 2: it would be number 3.
  await expect(
    colleague.getByRole('heading', { name: `Quotation Q-${reference}-3` }),
  ).toBeVisible();
  await expect(colleague.getByLabel('Unit price (S$) of extra line 1')).toHaveValue('175');
  await colleague.close();

  await customer.goto(own);
  await expect(customer.getByText('Quoted', { exact: true })).toBeVisible();
  await expect(customer.getByText('Your quotation follows shortly.')).toBeVisible();
  await expect(customer.getByText('Secret margin note.')).toHaveCount(0);
  const link = customer.getByRole('link', { name: `Download ${number} (PDF)` });
  const href = (await link.getAttribute('href'))!;
  const download = await customer.request.get(href);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(download.headers()['cache-control']).toBe('no-store');
  expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const first = customer.getByRole('link', { name: `Download Q-${reference}-2 (PDF)` });
  expect((await customer.request.get((await first.getAttribute('href'))!)).status()).toBe(200);
  await expectNoSeriousViolations(customer);
  await customer.goto('/orders');
  await expect(customer.getByRole('article').filter({ hasText: reference })).toContainText(
    `Quotation Q-${reference}-2 ready`,
  );

  // A quotation that is not there: the browser shows a page that says so, not a raw error (JSON).
  const id = new URL(own).pathname.split('/').pop()!;
  for (const [page, url] of [
    [staff, `/admin/enquiries/${id}/quotations/Q-${reference}-99.pdf`],
    [customer, `/orders/${id}/quotations/Q-nope.pdf`],
  ] as const) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    expect(response?.headers()['content-type'], url).toBe('text/html; charset=utf-8');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quotation not found');
  }

  const other = await customerPage(browser);
  expect((await other.goto(own))?.status()).toBe(404);
  expect((await other.request.get(href)).status()).toBe(404);
});

test('the CSV export has one row per item of exactly the enquiries shown', async ({ browser }) => {
  test.setTimeout(90_000);
  const tag = `Tag${randomUUID().slice(0, 8)}`;
  const guest = await (await browser.newContext()).newPage();
  const first = await sendEnquiry(guest, {
    email: `a-${tag}@school.example`,
    organisation: `=cmd ${tag}`,
  });
  const phoneOnly = await sendEnquiry(guest, {
    phone: '+65 6123 0000',
    organisation: `Club ${tag}`,
  });

  const staff = await staffPage(browser);
  await staff.goto('/admin/enquiries');
  await hydrated(staff);
  await staff.getByRole('searchbox', { name: 'Search' }).fill(tag);
  await staff.getByRole('button', { name: 'Filter' }).click();
  await expect(staff).toHaveURL(new RegExp(`q=${tag}`));
  const shown = await staff
    .getByRole('list', { name: 'Enquiries' })
    .getByRole('listitem')
    .getByRole('link')
    .allTextContents();
  expect(shown.sort()).toEqual([first, phoneOnly].sort());

  const href = (await staff.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!;
  expect(href).toBe(`/admin/enquiries.csv?q=${tag}`);
  const response = await staff.request.get(href);
  expect(response.headers()['content-type']).toContain('text/csv');
  expect(response.headers()['cache-control']).toBe('no-store');
  const body = (await response.body()).toString('utf8');
  expect(body.startsWith('\uFEFF')).toBe(true);
  const rows = body.slice(1).trim().split('\r\n').slice(1);
  expect(rows).toHaveLength(4); // two items each
  expect([...new Set(rows.map((r) => r.split(',')[0]))].sort()).toEqual(shown.sort());
  expect(body).toContain(`'=cmd ${tag}`); // a formula prefix is neutralised

  // A guest who left only a phone number: staff are told to phone, nothing is e-mailed.
  await openEnquiry(staff, phoneOnly);
  await expect(
    staff.getByText(/cannot be e-mailed\. Please phone them on \+65 6123 0000/),
  ).toBeVisible();
  await expect(staff.getByLabel('Reply to the customer')).toHaveCount(0);

  // Without JavaScript the forms post natively and the page says what happened.
  const plain = await (
    await browser.newContext({
      javaScriptEnabled: false,
      storageState: await staff.context().storageState(),
    })
  ).newPage();
  await plain.goto(staff.url());
  await plain.getByLabel('Private note').fill('Phoned: they will e-mail a site plan.');
  await plain.getByRole('button', { name: 'Add note' }).click();
  await expect(plain.getByRole('status')).toHaveText('Note added.');
  await expect(plain.getByRole('region', { name: 'Timeline' })).toContainText('site plan');
  await plain.getByLabel('Status').selectOption('closed');
  await plain.getByRole('button', { name: 'Change' }).click();
  await expect(plain.getByRole('status')).toHaveText('Status changed to Closed.');
  await expect(plain.getByRole('region', { name: 'Timeline' })).toContainText('to Closed');

  // A refused quotation comes back with every price and line typed, not the last quotation's.
  await plain.goto(`${new URL(staff.url()).pathname}/quotation`);
  const prices = plain.getByLabel(/^Unit price \(S\$\) for /);
  await prices.nth(0).fill('1,250.50');
  await prices.nth(1).fill('12.5.0');
  await plain.getByLabel('Extra line 1 description').fill('Crane hire');
  await plain.getByRole('button', { name: 'Send quotation' }).click();
  await expect(prices.nth(1)).toHaveAttribute('aria-invalid', 'true');
  await expect(prices.nth(0)).toHaveValue('1,250.50');
  await expect(prices.nth(1)).toHaveValue('12.5.0');
  await expect(plain.getByLabel('Extra line 1 description')).toHaveValue('Crane hire');
});

test("a quotation's Add a line puts the focus in the new line, the tenth and last one too", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const guest = await (await browser.newContext()).newPage();
  const reference = await sendEnquiry(guest, {
    email: `lines-${randomUUID().slice(0, 8)}@school.example`,
    organisation: 'Tampines Primary School',
  });
  const staff = await staffPage(browser);
  await openEnquiry(staff, reference);
  await staff
    .getByRole('link', { name: /quotation/ })
    .first()
    .click();
  await expect(staff.getByRole('heading', { name: `Quotation Q-${reference}-1` })).toBeVisible();
  const add = staff.getByRole('button', { name: 'Add a line' });
  // A new quotation starts with three extra lines; the limit is ten.
  for (let n = 4; n <= 10; n++) {
    await add.press('Enter');
    await expect(staff.getByLabel(`Extra line ${n} description`, { exact: true })).toBeFocused();
  }
  await expect(add).toHaveCount(0);
});

test('the filter form follows the status pills and Clear, and keeps focus on Filter', async ({
  browser,
}) => {
  const staff = await staffPage(browser);
  await staff.goto('/admin/enquiries');
  await hydrated(staff);
  const status = staff.getByRole('combobox', { name: 'Status' });
  const search = staff.getByRole('searchbox', { name: 'Search' });
  await expect(status).toHaveValue('');
  await staff
    .getByRole('navigation', { name: 'Status' })
    .getByRole('link', { name: 'Quoted' })
    .click();
  await expect(staff).toHaveURL(/status=quoted/);
  await expect(status).toHaveValue('quoted');

  await search.fill('FH-');
  await staff.getByRole('button', { name: 'Filter' }).click();
  await expect(staff).toHaveURL(/q=FH-/);
  // The fields follow the URL without being remounted: the pressed button keeps the focus.
  await expect(staff.getByRole('button', { name: 'Filter' })).toBeFocused();
  await staff.getByRole('link', { name: 'Clear', exact: true }).click();
  await expect(staff).toHaveURL(/\/admin\/enquiries$/);
  await expect(status).toHaveValue('');
  await expect(search).toHaveValue('');
});

/** `element` and the elements in it whose content is wider than their box: cut off. */
function overflowing(element: Element): string[] {
  return [element, ...element.querySelectorAll('*')]
    .filter((e) => e.scrollWidth > e.clientWidth)
    .map((e) => `${e.tagName} "${e.textContent}" ${e.scrollWidth} > ${e.clientWidth}`);
}

test("beside the sidebar the filters show their longest text and a guest's long details are read in full", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const guest = await (await browser.newContext()).newPage();
  const email = `procurement.officer.${randomUUID().slice(0, 8)}@anglo-chinese-junior-college.edu.sg`;
  const organisation =
    'Anglo-Chinese School (Independent) Physical Education and Co-Curricular Activities Department';
  const reference = await sendEnquiry(guest, {
    email,
    name: 'Mr Muhammad Hafiz bin Abdul Rahman',
    organisation,
  });
  const staff = await staffPage(browser);
  // Soft: one run says every width where something is cut, not only the first.
  for (const width of [390, 768, 1024, 1100, 1280, 1536]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.goto(`/admin/enquiries?q=${reference}`);
    const fields = await staff
      .getByRole('search', { name: 'Filter enquiries' })
      .evaluate((form) => {
        const status = form.querySelector('select')!;
        // The select as wide as its longest option, where nothing else constrains it.
        const natural = status.cloneNode(true) as HTMLSelectElement;
        natural.style.cssText = 'position:absolute;width:auto';
        form.append(natural);
        const needed = natural.getBoundingClientRect().width;
        natural.remove();
        const search = form.querySelector('input[type=search]') as HTMLInputElement;
        const style = getComputedStyle(search);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        return {
          status: status.getBoundingClientRect().width,
          needed,
          placeholder: context.measureText(search.placeholder).width,
          room: search.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        };
      });
    expect
      .soft(fields.status, `status select at ${width} px`)
      .toBeGreaterThanOrEqual(fields.needed);
    // The whole hint, on a phone too (it was cut at 390 px).
    expect
      .soft(fields.placeholder, `search placeholder at ${width} px`)
      .toBeLessThanOrEqual(fields.room);
    const row = staff.getByRole('list', { name: 'Enquiries' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    await expect(row).toContainText(organisation);
    expect.soft(await row.evaluate(overflowing), `cut off at ${width} px`).toEqual([]);
    // The badge lies inside its cell (a clipped one would stick out of it).
    const badge = await row.getByText('Guest', { exact: true }).boundingBox();
    const cell = await row.getByText(email).locator('..').boundingBox();
    expect
      .soft(badge!.x + badge!.width, `badge at ${width} px`)
      .toBeLessThanOrEqual(cell!.x + cell!.width);
    const pageWidth = await staff.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(pageWidth, `page at ${width} px`).toBeLessThanOrEqual(width);
  }
});

test('a page past the last one of a list goes to the last page, not an empty list', async ({
  browser,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/contact-us');
  await hydrated(visitor);
  await visitor.getByLabel('Name', { exact: true }).fill('Ms Page');
  await visitor.getByLabel('Email', { exact: true }).fill('page@club.example');
  await visitor.getByLabel('Phone', { exact: true }).fill('+65 9123 4567');
  await visitor.getByLabel('Message', { exact: true }).fill('Past the last page?');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByText('Message sent successfully!')).toBeVisible();

  const staff = await staffPage(browser);
  await staff.goto('/admin/messages?show=all&page=999');
  await expect(staff).toHaveURL(/\/admin\/messages\?show=all(&page=\d{1,2})?$/);
  await expect(staff.getByRole('list', { name: 'Messages' })).toBeVisible();
  await staff.goto('/admin/list?q=net&page=999');
  await expect(staff).toHaveURL(/\/admin\/list\?q=net(&page=\d{1,2})?$/);
  await expect(staff.getByRole('table')).toBeVisible();
});

test('a contact message: unread in bold, read, replied to by e-mail, handled and reopened', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const tag = randomUUID().slice(0, 8);
  const email = `lee-${tag}@club.example`;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/contact-us');
  await hydrated(visitor);
  await visitor.getByLabel('Name', { exact: true }).fill(`Mr Lee ${tag}`);
  await visitor.getByLabel('Email', { exact: true }).fill(email);
  await visitor.getByLabel('Phone', { exact: true }).fill('+65 9123 4567');
  await visitor
    .getByLabel('Message', { exact: true })
    .fill(`Do you install hoops on concrete? Our plan: ${LONG_LINK}`);
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByText('Message sent successfully!')).toBeVisible();

  const staff = await staffPage(browser);
  await staff.goto('/admin/messages');
  await hydrated(staff);
  const nav = staff.getByRole('navigation', { name: 'Back office sections' });
  await expect(nav.getByRole('link', { name: /Messages \d+ open/ })).toBeVisible();
  const link = staff.getByRole('link', { name: `Mr Lee ${tag} (unread)` });
  await expect(link).toHaveClass(/font-extrabold/);
  await expectNoSeriousViolations(staff);
  // A GET of the message (a prefetch, a link preview) leaves it unread; the page marks it read.
  const href = (await link.getAttribute('href'))!;
  expect((await staff.request.get(href)).status()).toBe(200);
  expect((await staff.request.get(`${href}.data`)).status()).toBe(200);
  await staff.reload();
  await expect(link).toHaveClass(/font-extrabold/);
  await link.click();
  await expect(staff.getByRole('heading', { name: `Message from Mr Lee ${tag}` })).toBeVisible();
  await expect
    .poll(async () => {
      const list = await staff.request.get('/admin/messages');
      return (await list.text()).includes(`Mr Lee ${tag}<span class="sr-only"> (unread)`);
    })
    .toBe(false);
  await expect(staff.getByText('Do you install hoops on concrete?')).toBeVisible();
  await expectNoSeriousViolations(staff);
  await expectFitsPhone(staff);

  await staff.getByLabel('Your reply').fill('Yes, we do: a site visit first.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  const history = staff.getByRole('region', { name: 'History' });
  await expect(history).toContainText('replied by e-mail');
  await expect(history).toContainText('marked it handled');
  await expect.poll(() => mailsAbout('Yes, we do: a site visit first.').length).toBe(1);
  const mail = mailsAbout('Yes, we do: a site visit first.')[0]!;
  expect(mail).toContain(`To: ${email}`);
  expect(mail).toMatch(/Reply-To: \S*hello@fieldhouse\.example/);

  // The reply's toast (top-right) starts below the page header: Reopen can be clicked
  // while it shows (it lay over the header's buttons, and a click waited for it to go).
  await expect(staff.locator('[data-sonner-toast]')).toBeVisible();
  await staff.evaluate(() => window.scrollTo(0, 0));
  const reopen = staff.getByRole('button', { name: 'Reopen' });
  const toastsTop = await staff
    .locator('[data-sonner-toaster]')
    .evaluate((list) => list.getBoundingClientRect().top);
  const reopenBox = (await reopen.boundingBox())!;
  expect(toastsTop).toBeGreaterThanOrEqual(reopenBox.y + reopenBox.height);
  await reopen.click({ timeout: 3000 });
  await expect(history).toContainText('reopened it');
  await staff.goto('/admin/messages');
  await hydrated(staff);
  await expect(staff.getByRole('link', { name: `Mr Lee ${tag}`, exact: true })).toHaveClass(
    /font-medium/,
  );
  await staff.getByRole('link', { name: 'Handled' }).click();
  await expect(staff.getByRole('link', { name: `Mr Lee ${tag}`, exact: true })).toHaveCount(0);
  // A message that is not there: a 404 in the back office's frame, with the ways back.
  expect((await staff.goto('/admin/messages/999999'))?.status()).toBe(404);
  await hydrated(staff);
  await expect(staff.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(staff).toHaveTitle(/^Page not found \| Back office/);
  await expect(nav.getByRole('link', { name: /Messages/ })).toBeVisible();
  await staff.getByRole('main').getByRole('link', { name: 'Manage Products' }).click();
  await expect(staff.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
});

test('every inbox URL and action is refused to guests and customers', async ({ browser }) => {
  const urls = [
    '/admin/enquiries',
    '/admin/enquiries.csv',
    '/admin/enquiries/1',
    '/admin/enquiries/1/quotation',
    '/admin/enquiries/1/quotation/preview',
    '/admin/enquiries/1/quotations/Q-FH-2026-AAAAAA-1.pdf',
    '/admin/messages',
    '/admin/messages/1',
    '/admin/enquiries/new',
    '/admin/replies',
  ];
  const posts = [
    ['/admin/enquiries/1', { intent: 'status', status: 'closed' }],
    ['/admin/enquiries/1', { intent: 'note', body: 'x' }],
    ['/admin/enquiries/1', { intent: 'reply', body: 'x' }],
    ['/admin/enquiries/1/quotation', { extras: '0', validityDays: '30' }],
    ['/admin/enquiries/1/quotation', { intent: 'draft', extras: '0' }],
    ['/admin/enquiries/1/quotation/preview', { extras: '0', validityDays: '30' }],
    ['/admin/messages/1', { intent: 'handled', handled: 'true' }],
    ['/admin/messages/1', { intent: 'reply', body: 'x' }],
    ['/admin/messages/1', { intent: 'read' }],
    ['/admin/enquiries/1', { intent: 'assign', assignee: '' }],
    ['/admin/enquiries/new', { name: 'x', email: 'x@example.com', source: 'phone' }],
    ['/admin/replies', { intent: 'create', title: 'x', body: 'x' }],
    ['/admin/replies', { intent: 'delete', id: '1' }],
  ] as const;
  const base = new URL(test.info().project.use.baseURL!).origin;
  const guest = await (await browser.newContext()).newPage();
  for (const url of urls) {
    const response = await guest.request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(302);
    expect(response.headers().location, url).toMatch(/^\/login\?redirectTo=/);
  }
  for (const [url, form] of posts) {
    const response = await guest.request.post(url, {
      form,
      maxRedirects: 0,
      headers: { origin: base },
    });
    expect(response.status(), url).toBe(302);
  }
  const customer = await customerPage(browser);
  for (const url of urls) expect((await customer.request.get(url)).status(), url).toBe(403);
  for (const [url, form] of posts) {
    const response = await customer.request.post(url, { form, headers: { origin: base } });
    expect(response.status(), url).toBe(403);
  }
});
