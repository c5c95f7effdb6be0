// Consent on the forms that collect personal data: each says what the details are for; news of
// products and offers is a box of its own, unticked, that the profile can untick again; an
// enquiry and a contact message keep the privacy notice's version the form linked to, which staff
// see, and a form opened before the notice changed is refused with the reason.
import { randomUUID } from 'node:crypto';
import { PRIVACY_NOTICE_VERSION } from '../../app/content/privacy-version';
import { NOTICE_CHANGED } from '../../app/services/privacy/notice.server';
import { expectNoSeriousViolations } from './axe';
import { customerPage, staffPage } from './people';
import { expect, hydrated, test, type Page } from './test';

const NEWS = 'E-mail me news of products and offers (optional)';

async function fillContact(page: Page, tag: string) {
  await page.getByLabel('Name', { exact: true }).fill(`Mr Consent ${tag}`);
  await page.getByLabel('Email', { exact: true }).fill(`consent-${tag}@school.example`);
  await page.getByLabel('Phone', { exact: true }).fill('+65 6123 4567');
  await page.getByLabel('Message', { exact: true }).fill('Do you install goalposts?');
}

test('registering asks apart, unticked, for news of products; the profile unticks it', async ({
  page,
}) => {
  await page.goto('/register');
  await hydrated(page);
  const news = page.getByRole('checkbox', { name: NEWS });
  await expect(news).not.toBeChecked();
  await expect(page.getByText('We send none at present')).toBeVisible();
  await expect(
    page.getByText('We keep your name, e-mail and phone to run your account'),
  ).toBeVisible();
  await expectNoSeriousViolations(page);

  const email = `news-${randomUUID().slice(0, 8)}@school.example`;
  const password = 'correct horse battery';
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Full Name').fill('Mdm News');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await news.check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Your account has been created.')).toBeVisible();

  // Registering signs the buyer in: the profile is theirs at once.
  await page.goto('/profile');
  await hydrated(page);
  await expect(news).toBeChecked();
  await expect(
    page.getByText('We keep your name, e-mail and phone to run your account'),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  await news.uncheck();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: NEWS })).not.toBeChecked();
});

test('a contact message keeps the privacy notice it was sent under, and staff see it', async ({
  page,
  browser,
}) => {
  await page.goto('/contact-us');
  await hydrated(page);
  await expect(page.getByText('We use your details only to answer your message')).toBeVisible();
  const tag = randomUUID().slice(0, 8);
  await fillContact(page, tag);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();

  const staff = await staffPage(browser);
  await staff.goto('/admin/messages');
  await staff
    .getByRole('link', { name: new RegExp(tag) })
    .first()
    .click();
  await expect(staff.getByText(`Version of ${PRIVACY_NOTICE_VERSION}`)).toBeVisible();

  // A page opened before the notice changed sends the old version: refused, with the reason.
  await page.goto('/contact-us');
  await hydrated(page);
  await fillContact(page, `${tag}-old`);
  await page
    .locator('input[name="privacyNoticeVersion"]')
    .evaluate((input: HTMLInputElement) => (input.value = '2020-01-01'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText(NOTICE_CHANGED)).toBeVisible();
  await staff.goto('/admin/messages');
  await expect(staff.getByRole('link', { name: new RegExp(`${tag}-old`) })).toHaveCount(0);
});

test('an enquiry keeps the privacy notice it was sent under, and staff see it', async ({
  browser,
}) => {
  const buyer = await customerPage(browser);
  await buyer.goto('/products/3');
  await hydrated(buyer);
  await buyer.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyer.getByText('Added to Cart').first()).toBeVisible();
  await buyer.goto('/cart');
  await hydrated(buyer);
  await buyer.getByLabel('Message').fill('Two sets before March, please.');
  await buyer.getByRole('button', { name: 'ENQUIRE' }).click();
  await expect(buyer).toHaveURL(/\/orders\/\d+\?sent=1$/);
  const id = /\/orders\/(\d+)/.exec(buyer.url())![1];

  const staff = await staffPage(browser);
  await staff.goto(`/admin/enquiries/${id}`);
  await expect(
    staff.locator('xpath=//dt[normalize-space()="Privacy notice"]/following-sibling::dd[1]'),
  ).toHaveText(`Version of ${PRIVACY_NOTICE_VERSION}`);
});
