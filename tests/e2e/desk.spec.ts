// The sales desk's daily craft: a reply's whole e-mail in the box and in the timeline, an enquiry
// taken by phone and one turned from a contact message (both quoted like any other), assignment
// with Mine / Unassigned, the list's "waiting for us" order, search over what was written, and
// canned replies inserted with the keyboard (and without JavaScript).
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, hydrated, mailsAbout, test, type Browser, type Page } from './test';
import { quotationLink, staffPage } from './people';
import { expectNoSeriousViolations } from './axe';

const GOAL = 'Aluminium Football Goalposts (Full Size)';

/**
 * Enters an enquiry by hand for products 3 (×2) and 2 and lands on its page; returns its
 * reference and the buyer's address.
 */
async function enterEnquiry(
  staff: Page,
  { name, message, organisation }: { name: string; message: string; organisation: string },
): Promise<{ reference: string; email: string }> {
  const email = `desk-${randomUUID().slice(0, 8)}@school.example`;
  await staff.goto('/admin/enquiries/new');
  await hydrated(staff);
  await staff.getByLabel('Name').fill(name);
  await staff.getByLabel('E-mail').fill(email);
  await staff.getByLabel('Organisation (optional)').fill(organisation);
  await staff.getByLabel('Came in by').selectOption('Phone call');
  await staff.getByLabel('Product 1', { exact: true }).fill('#3');
  await staff.getByLabel('Qty of product 1').fill('2');
  await staff.getByLabel('Product 2', { exact: true }).fill('#2');
  await staff.getByLabel('What they asked for').fill(message);
  await staff.getByRole('button', { name: 'Create enquiry' }).click();
  const heading = staff.getByRole('heading', { name: /^Enquiry FH-/ });
  await expect(heading).toBeVisible();
  await hydrated(staff);
  const reference = (await heading.textContent())!.replace('Enquiry ', '');
  return { reference, email };
}

async function sendContactMessage(browser: Browser, name: string, email: string, text: string) {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/contact-us');
  await hydrated(visitor);
  await visitor.getByLabel('Name', { exact: true }).fill(name);
  await visitor.getByLabel('Email', { exact: true }).fill(email);
  await visitor.getByLabel('Phone', { exact: true }).fill('+65 9123 4567');
  await visitor.getByLabel('Message', { exact: true }).fill(text);
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByText('Message sent successfully!')).toBeVisible();
  await visitor.context().close();
}

/** Prices the two items and sends the quotation from the enquiry's page; returns its number. */
async function quote(staff: Page, reference: string): Promise<string> {
  await staff.getByRole('link', { name: 'Draw up quotation' }).click();
  await expect(staff.getByRole('heading', { name: `Quotation Q-${reference}-1` })).toBeVisible();
  await hydrated(staff);
  const prices = staff.getByLabel(/^Unit price \(S\$\) for /);
  for (let i = 0; i < (await prices.count()); i++) await prices.nth(i).fill('1,000');
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: `Quotation Q-${reference}-1 sent` }),
  ).toBeVisible();
  return `Q-${reference}-1`;
}

test('an enquiry taken by phone: entered with its items, replied to exactly as shown, quoted to the buyer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await staffPage(browser);
  await staff.goto('/admin/enquiries');
  await staff.getByRole('link', { name: 'New enquiry' }).click();
  await expect(staff.getByRole('heading', { name: 'New enquiry' })).toBeVisible();
  await hydrated(staff);
  await expectNoSeriousViolations(staff);
  // Nothing filled: every field to fix at once, and nothing is stored.
  await staff.getByRole('button', { name: 'Create enquiry' }).click();
  await expect(staff.getByText("Enter the customer's name.")).toBeVisible();
  await expect(staff.getByText('Please enter at least one contact method.')).toBeVisible();
  await expect(staff.getByText('Choose how the enquiry came in.')).toBeVisible();
  await expect(staff.getByText('Pick at least one product.')).toBeVisible();
  // A product that is not in the catalogue is named under its row by the server.
  await staff.getByLabel('Name').fill('Mr Lee');
  await staff.getByLabel('E-mail').fill('lee@school.example');
  await staff.getByLabel('Came in by').selectOption('Phone call');
  await staff.getByLabel('Product 1', { exact: true }).fill('#999999');
  await staff.getByLabel('What they asked for').fill('Two goals.');
  await staff.getByRole('button', { name: 'Create enquiry' }).click();
  await expect(staff.getByText(/Pick a product from the catalogue/)).toBeVisible();
  await expect(staff.getByLabel('Name')).toHaveValue('Mr Lee');
  // The product fields suggest the catalogue's names as staff type.
  await staff.getByLabel('Product 1', { exact: true }).fill('Goalpost');
  await expect(staff.locator(`#product-options option[value="${GOAL} (#3)"]`)).toBeAttached();

  const { reference, email } = await enterEnquiry(staff, {
    name: 'Mr Lee',
    message: 'Called: two goals and a net before sports day.',
    organisation: 'Tampines Secondary',
  });
  const timeline = staff.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText('entered the enquiry by hand (it came in by phone)');
  const items = staff.getByRole('region', { name: 'Items' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(GOAL);
  await expect(items.nth(0)).toContainText('× 2');

  // The reply box holds the whole e-mail: greeting and signature to edit, the footer shown.
  const box = staff.getByLabel('Reply to the customer');
  await expect(box).toHaveValue(/^Dear Mr Lee,\n\n\n\nKind regards,\n/);
  await expect(staff.getByText(`Re: your enquiry ${reference}`)).toBeVisible();
  await expect(staff.getByText(`Reference: ${reference}`)).toBeVisible();
  // Sent as it started: refused, nothing is e-mailed.
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    staff.getByText('Write your reply between the greeting and the signature.'),
  ).toBeVisible();
  // Staff write their own greeting: the customer gets exactly one.
  const written = 'Hello Mr Lee,\n\nBoth goals are in stock.\n\nAnna, Fieldhouse';
  await box.fill(written);
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText(`Reply sent to ${email}`).first()).toBeVisible();
  await expect.poll(() => mailsAbout('Both goals are in stock.').length).toBe(1);
  const mail = mailsAbout('Both goals are in stock.')[0]!.replace(/\r\n/g, '\n');
  expect(mail).toContain(`${written}\n\nReference: ${reference}`);
  expect(mail).not.toContain('Dear');
  // The timeline keeps the e-mail as it went, footer included.
  await expect(timeline).toContainText('Both goals are in stock.');
  await expect(timeline).toContainText(`Anna, Fieldhouse Reference: ${reference}`);

  // Quoted like any other enquiry: the buyer gets the quotation with their own link.
  const number = await quote(staff, reference);
  const link = await quotationLink(number);
  const buyer = await (await browser.newContext()).newPage();
  await buyer.goto(link);
  await expect(buyer.getByRole('heading', { name: new RegExp(number) }).first()).toBeVisible();
});

test('a contact message turned into an enquiry keeps its words, links both ways and is quoted', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const email = `goh-${tag}@school.example`;
  await sendContactMessage(browser, `Mdm Goh ${tag}`, email, `Do you sell goalposts? (${tag})`);
  const staff = await staffPage(browser);
  await staff.goto('/admin/messages');
  await staff.getByRole('link', { name: `Mdm Goh ${tag} (unread)` }).click();
  await staff.getByRole('link', { name: 'Turn into an enquiry' }).click();
  await expect(staff.getByRole('heading', { name: 'New enquiry' })).toBeVisible();
  await hydrated(staff);
  // Started from the message: who sent it and what they wrote.
  await expect(staff.getByLabel('Name')).toHaveValue(`Mdm Goh ${tag}`);
  await expect(staff.getByLabel('E-mail')).toHaveValue(email);
  await expect(staff.getByLabel('What they asked for')).toHaveValue(
    `Do you sell goalposts? (${tag})`,
  );
  await expect(staff.getByText('Came in through the contact form.')).toBeVisible();
  await staff.getByLabel('Product 1', { exact: true }).fill(`${GOAL} (#3)`);
  await staff.getByRole('button', { name: 'Create enquiry' }).click();
  const heading = staff.getByRole('heading', { name: /^Enquiry FH-/ });
  await expect(heading).toBeVisible();
  await hydrated(staff);
  const reference = (await heading.textContent())!.replace('Enquiry ', '');
  const timeline = staff.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText(
    `Mdm Goh ${tag} wrote through the contact form`,
  );
  await expect(timeline.getByRole('listitem').first()).toContainText(
    `Do you sell goalposts? (${tag})`,
  );
  // Linked both ways; the message is handled, and asking again opens the same enquiry.
  await staff.getByRole('link', { name: 'the message' }).click();
  await expect(staff.getByRole('heading', { name: `Message from Mdm Goh ${tag}` })).toBeVisible();
  await expect(staff.getByText(/^Handled · received/)).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Turn into an enquiry' })).toHaveCount(0);
  const messageUrl = staff.url();
  await staff.getByRole('link', { name: `Enquiry ${reference}` }).click();
  await expect(heading).toBeVisible();
  await staff.goto(`/admin/enquiries/new?message=${messageUrl.split('/').pop()}`);
  await expect(staff.getByRole('heading', { name: `Enquiry ${reference}` })).toBeVisible();
  await hydrated(staff);
  const number = await quote(staff, reference);
  await quotationLink(number);
});

test('assigned to staff, filtered Mine and Unassigned, waiting for us first, found by what was written', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const staff = await staffPage(browser);
  const first = await enterEnquiry(staff, {
    name: 'Ms Wong',
    organisation: `Org ${tag}`,
    message: `Needs a quote for the hall, word brrr${tag}.`,
  });
  const second = await enterEnquiry(staff, {
    name: 'Mr Chia',
    organisation: `Org ${tag}`,
    message: 'Needs nets.',
  });
  // The second is answered: it no longer waits for us.
  await staff
    .getByLabel('Reply to the customer')
    .fill(`Dear Mr Chia,\n\nOn it: zzt${tag}.\n\nAnna`);
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText(/^Reply sent to /).first()).toBeVisible();

  // The first is assigned to the signed-in admin, recorded in the timeline.
  await staff.goto(`/admin/enquiries?q=${first.reference}`);
  await staff.getByRole('link', { name: first.reference }).click();
  await expect(staff.getByRole('heading', { name: `Enquiry ${first.reference}` })).toBeVisible();
  await hydrated(staff);
  await expect(staff.getByText('Waiting for us', { exact: true })).toBeVisible();
  const assignee = staff.getByLabel('Assigned to');
  await expect(assignee).toHaveValue('');
  const you = (await assignee.locator('option', { hasText: '(you)' }).textContent())!;
  const me = you.replace(' (you)', '');
  await assignee.selectOption({ label: you });
  await staff.getByRole('button', { name: 'Assign' }).click();
  await expect(staff.getByText(`Assigned to ${me}.`).first()).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Timeline' })).toContainText(
    `assigned it to ${me}`,
  );

  // The list: waiting for us first (the later one was answered), each with its assignee.
  await staff.goto(`/admin/enquiries?q=${encodeURIComponent(`Org ${tag}`)}`);
  const rows = staff.getByRole('list', { name: 'Enquiries' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(first.reference);
  await expect(rows.nth(0)).toContainText('Waiting for us');
  await expect(rows.nth(0)).toContainText(`Assigned to ${me}`);
  await expect(rows.nth(1)).toContainText(second.reference);
  await expect(rows.nth(1)).not.toContainText('Waiting for us');
  await expect(rows.nth(1)).toContainText('Unassigned');
  const assigned = staff.getByRole('navigation', { name: 'Assigned' });
  await assigned.getByRole('link', { name: 'Mine' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(first.reference);
  await assigned.getByRole('link', { name: 'Unassigned' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(second.reference);

  // Search reads the buyer's words and the replies, not only names.
  await staff.goto(`/admin/enquiries?q=brrr${tag}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(first.reference);
  await staff.goto(`/admin/enquiries?q=ZZT${tag}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText(second.reference);
});

test('canned replies: written, refused when unnamed or taken, inserted with the keyboard and without JavaScript, logged', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const title = `Opening hours ${tag}`;
  const staff = await staffPage(browser);
  await staff
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Canned replies' })
    .click();
  await expect(staff.getByRole('heading', { name: 'Canned replies', level: 1 })).toBeVisible();
  await hydrated(staff);
  await staff.getByRole('button', { name: 'Add canned reply' }).click();
  await expect(staff.getByText('Give the reply a title.')).toBeVisible();
  await staff.getByLabel('Title').fill(title);
  await staff.getByLabel('Text').fill('Our showroom is open 9 am to 6 pm, Monday to Saturday.');
  await staff.getByRole('button', { name: 'Add canned reply' }).click();
  await expect(staff.getByRole('status')).toHaveText('Canned reply added.');
  await expectNoSeriousViolations(staff);
  await staff.getByLabel('Title').fill(title.toUpperCase());
  await staff.getByLabel('Text').fill('Again.');
  await staff.getByRole('button', { name: 'Add canned reply' }).click();
  await expect(staff.getByText('A canned reply with this title already exists.')).toBeVisible();
  await staff.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(staff.getByLabel('Text')).toHaveValue(/showroom is open 9 am to 6 pm/);
  await staff.getByLabel('Text').fill('Our showroom is open 9 am to 7 pm, Monday to Saturday.');
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByRole('status')).toHaveText('Canned reply saved.');

  // Inserted into a reply with the keyboard only: between the greeting and the signature.
  const { reference } = await enterEnquiry(staff, {
    name: 'Mr Tay',
    organisation: `Org ${tag}`,
    message: 'When can we visit?',
  });
  const picker = staff.getByLabel('Canned reply');
  await picker.focus();
  await picker.selectOption({ label: title });
  await staff.keyboard.press('Tab');
  await expect(staff.getByRole('button', { name: 'Insert' })).toBeFocused();
  await staff.keyboard.press('Enter');
  const box = staff.getByLabel('Reply to the customer');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(
    /^Dear Mr Tay,\n\nOur showroom is open 9 am to 7 pm, Monday to Saturday\.\n\nKind regards,\n/,
  );
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText(/^Reply sent to /).first()).toBeVisible();
  await expect.poll(() => mailsAbout(`Re: your enquiry ${reference}`).length).toBe(1);
  expect(mailsAbout(`Re: your enquiry ${reference}`)[0]).toContain('open 9 am to 7 pm');

  // Without JavaScript, Insert posts the form and the page comes back with the text in the box.
  const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await plain.context().addCookies(await staff.context().cookies());
  await plain.goto(staff.url());
  await plain.getByLabel('Canned reply').selectOption({ label: title });
  await plain.getByRole('button', { name: 'Insert' }).click();
  await expect(plain.getByRole('status')).toContainText(`"${title}" is in the reply below.`);
  await expect(plain.getByLabel('Reply to the customer')).toHaveValue(
    /^Dear Mr Tay,\n\nOur showroom is open 9 am to 7 pm/,
  );

  // Deleted; every step is in the activity log.
  await staff.goto('/admin/replies');
  await staff.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(staff.getByRole('status')).toHaveText('Canned reply deleted.');
  await staff.goto('/admin/activity?entity=canned_reply');
  for (const verb of ['created', 'edited', 'deleted'])
    await expect(
      staff.getByRole('listitem').filter({ hasText: `${verb} canned reply ${title}` }),
    ).toHaveCount(1);
});

test('the inbox, an enquiry and the new-enquiry form at phone and desktop width', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const staff = await staffPage(browser);
  const { reference } = await enterEnquiry(staff, {
    name: 'Mdm Siti binte Abdullah',
    organisation: 'Bedok Green Primary School (Physical Education Department)',
    message: 'Please quote for sports day.',
  });
  const dir = path.join('test-results', 'desk');
  mkdirSync(dir, { recursive: true });
  const pages: [string, string][] = [
    ['inbox', '/admin/enquiries'],
    ['enquiry', staff.url()],
    ['new-enquiry', '/admin/enquiries/new'],
    ['replies', '/admin/replies'],
  ];
  for (const [name, url] of pages) {
    await staff.goto(url);
    await hydrated(staff);
    await expectNoSeriousViolations(staff);
    for (const width of [390, 1280]) {
      await staff.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => staff.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(width);
      await staff.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
    }
    await staff.setViewportSize({ width: 1280, height: 720 });
  }
  expect(reference).toMatch(/^FH-/);
});
