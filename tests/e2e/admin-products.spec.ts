// The back office's products, as the demo admin: create with two images (one cropped), every
// validation message, the shop following an edit, delete after the confirm dialog, the list
// without JavaScript, uploads refused by the running server with nothing left behind, and the
// back office's own stylesheet.
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, failPosts, hydrated, test, type APIRequestContext, type Page } from './test';
import sharp from 'sharp';
import { expectNoSeriousViolations } from './axe';

function demoAdmin() {
  const text = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-admin.txt'), 'utf8');
  return { email: text.match(/email: (\S+)/)![1]!, password: text.match(/password: (\S+)/)![1]! };
}

/** Signs the page's context in as the demo admin (cookies shared with `page.request`). */
async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: demoAdmin(),
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const image = (width: number, height: number, colour: string, format: 'png' | 'jpeg') => {
  const canvas = sharp({ create: { width, height, channels: 3, background: colour } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
};

/**
 * The files in the server's uploads folder that came from these uploads: stored images are named
 * after the SHA-256 of the uploaded bytes (storage.server.ts), original and variants alike. Other
 * tests upload and delete in parallel, so a before/after listing of the whole folder is not proof.
 */
function filesFrom(uploads: { data: Buffer }[]): string[] {
  const root = path.join(process.env.E2E_DATA_DIR!, 'uploads');
  const hashes = uploads.map((u) => createHash('sha256').update(u.data).digest('hex').slice(0, 20));
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((name) =>
    hashes.some((hash) => name.includes(hash)),
  );
}

/** POST requests the page sends to a path: a blocked submit sends none. */
function countPosts(page: Page, pathname: string) {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname.startsWith(pathname))
      posts.push(r.url());
  });
  return posts;
}

async function addImage(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByRole('dialog', { name: 'Crop Image' })).toBeVisible();
}

/**
 * Confirm Crop, and wait for the cropped image to join the form: the crop is drawn on a canvas and
 * encoded, which took more than the usual 7 s on a loaded 2-core machine.
 */
async function confirmCrop(page: Page) {
  await page.getByRole('button', { name: 'Confirm Crop' }).click();
  await expect(page.getByRole('dialog', { name: 'Crop Image' })).toHaveCount(0, {
    timeout: 20_000,
  });
}

/**
 * A product of its own (see postProduct) with one 200 px PNG of `colour`, published unless told;
 * answers its id.
 */
async function newProduct(
  page: Page,
  name: string,
  colour: string,
  status?: 'draft' | 'hidden',
): Promise<number> {
  const png = { name: 'a.png', type: 'image/png', data: await image(200, 200, colour, 'png') };
  // A saved product's answer sends to its page (a redirect, as React Router encodes one).
  const response = await postProduct(page.request, [png], name, status);
  expect(response.ok()).toBe(true);
  const sent = /\/admin\/edit\/(\d+)/.exec(await response.text());
  if (sent) return Number(sent[1]);
  const found = (await (
    await page.request.get(`/api/v1/products?q=${encodeURIComponent(name)}`)
  ).json()) as { items: { id: number; name: string }[] };
  return found.items.find((p) => p.name === name)!.id;
}

test('an admin creates, edits and deletes a product, and the shop follows', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const name = `Test Goalpost ${randomUUID().slice(0, 6)}`;
  const posts = countPosts(page, '/admin/create');

  await page.goto('/admin/create');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'SUBMIT' });
  const messages = [
    'Product name is required.',
    'Please select a sport.',
    'Select at least one category.',
    'Upload at least one image.',
  ];
  // Each message blocks the submit; fixing one field at a time leaves the rest in place.
  await submit.click();
  for (const m of messages) await expect(page.getByText(m, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await submit.click();
  await expect(page.getByText(messages[0]!)).toHaveCount(0);
  await expect(page.getByLabel('Sport', { exact: true })).toBeFocused();
  await page.getByLabel('Sport', { exact: true }).selectOption({ label: 'Football' });
  await submit.click();
  await expect(page.getByText(messages[1]!)).toHaveCount(0);
  await expect(page.getByText(messages[2]!)).toBeVisible();
  const categories = page.getByRole('group', { name: 'Categories' });
  await categories.getByRole('searchbox', { name: 'Filter categories' }).fill('goal');
  await categories.getByRole('checkbox', { name: 'Goalposts' }).check();
  // Fixed without leaving a field: the message goes at once.
  await expect(page.getByText(messages[2]!)).toHaveCount(0);
  await categories.getByRole('searchbox', { name: 'Filter categories' }).fill('');
  await categories.getByRole('checkbox', { name: 'Nets', exact: true }).check();
  await submit.click();
  await expect(page.getByText(messages[2]!)).toHaveCount(0);
  await expect(page.getByText(messages[3]!)).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByLabel('Description').fill('Regulation size, galvanised steel.');
  // First image: a wide PNG, cropped to a square JPEG.
  await addImage(page, {
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: await image(900, 600, '#d92626', 'png'),
  });
  await expectNoSeriousViolations(page);
  await confirmCrop(page);
  await expect(page.getByRole('img', { name: /^Preview 1 of/ })).toBeVisible();
  await expect(page.getByText(messages[3]!)).toHaveCount(0);
  // Second: a JPEG kept as it is; Cancel on a third adds nothing.
  await addImage(page, {
    name: 'blue.jpg',
    mimeType: 'image/jpeg',
    buffer: await image(500, 700, '#1f4fd1', 'jpeg'),
  });
  await page.getByRole('button', { name: "Don't crop" }).click();
  await addImage(page, {
    name: 'green.png',
    mimeType: 'image/png',
    buffer: await image(300, 300, '#12a150', 'png'),
  });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('img', { name: /^Preview \d of/ })).toHaveCount(2);
  await expect(page.getByText(messages[3]!)).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await submit.click();
  // Staff stay on the product they made: its own page, saying so, with its images stored.
  await expect(page).toHaveURL(/\/admin\/edit\/\d+\?created=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'successfully created' })).toHaveText(
    `${name} successfully created.`,
  );
  await expect(page.getByRole('img', { name: /^Preview \d of/ })).toHaveCount(2);
  await expect(page.getByRole('img', { name: /^Preview 1 of/ })).toHaveAttribute(
    'src',
    /^\/media\/products\//,
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(posts).toHaveLength(1);

  // The shop shows it with both images.
  await page.goto(`/shop?q=${encodeURIComponent(name)}`);
  await hydrated(page);
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  const productUrl = page.url();
  // (Each thumbnail also has a link for browsers without JavaScript, hidden here.)
  const thumbs = page.getByRole('list', { name: 'Product images' }).locator('img:visible');
  await expect(thumbs).toHaveCount(2);
  const [firstSrc, secondSrc] = await thumbs.evaluateAll((imgs) =>
    imgs.map((i) => i.getAttribute('src')!),
  );
  await expect(page.getByTestId('main-image')).toHaveAttribute('src', firstSrc!);

  // Edit: name, categories and image order.
  await page.goto(`/admin/list?q=${encodeURIComponent(name)}`);
  await hydrated(page);
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  const editUrl = page.url();
  const renamed = `${name} Pro`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  const editCategories = page.getByRole('group', { name: 'Categories' });
  await editCategories.getByRole('button', { name: 'Remove Nets' }).click();
  // The removed chip's button is gone: the focus is on another chip's, or the filter box.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        const inPicker = active?.closest('fieldset')?.querySelector('legend')?.textContent;
        return (
          inPicker === 'Categories' && (active?.tagName === 'BUTTON' || active?.tagName === 'INPUT')
        );
      }),
    )
    .toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Nets removed.' })).toBeAttached();
  await editCategories.getByRole('checkbox', { name: 'Training Equipment' }).check();
  const up = page.getByRole('button', { name: 'Move image 2 up' });
  await up.focus();
  await page.keyboard.press('Enter');
  // The button moved with its image to the top, where it does nothing, and keeps the focus.
  const moved = page.getByRole('button', { name: 'Move image 1 up' });
  await expect(moved).toBeFocused();
  await expect(moved).toHaveAttribute('aria-disabled', 'true');
  await expect(
    page.getByRole('status').filter({ hasText: 'Image moved to position 1, the main image.' }),
  ).toBeAttached();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  // Saved, and still on the product: no dialog sends staff elsewhere.
  await expect(page.getByRole('status').filter({ hasText: 'successfully updated' })).toHaveText(
    `${renamed} successfully updated.`,
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(page.url()).toBe(editUrl);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  // The edit page's history says who changed what, images as thumbnails in their order.
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText(
    'changed name, categories, images',
  );
  await expect(history.getByRole('listitem').first()).toContainText(`${name} → ${renamed}`);
  await expect(history).toContainText('created the product');
  const before = history.getByRole('list', { name: 'Images before' }).first().getByRole('img');
  const after = history.getByRole('list', { name: 'Images after' }).first().getByRole('img');
  await expect(before).toHaveCount(2);
  await expect(after.first()).toHaveAttribute('src', (await before.nth(1).getAttribute('src'))!);
  await expect(after.nth(1)).toHaveAttribute('src', (await before.first().getAttribute('src'))!);
  await expect(history).not.toContainText(/\b[0-9a-f]{8}\b/);
  // So does the activity log.
  await page.goto('/admin/activity?entity=product');
  const edited = page.getByRole('listitem').filter({ hasText: `edited product ${renamed}` });
  await expect(edited.getByRole('list', { name: 'Images after' }).getByRole('img')).toHaveCount(2);
  await expect(
    edited.getByRole('list', { name: 'Images before' }).getByRole('img').first(),
  ).toHaveAttribute('src', /^\/media\/products\/.+\.webp$/);
  await expect(edited).not.toContainText(/\b[0-9a-f]{8}\b/);
  await expectNoSeriousViolations(page);

  await page.goto(productUrl);
  await expect(page.getByRole('heading', { level: 1, name: renamed, exact: true })).toBeVisible();
  await expect(page.getByTestId('main-image')).toHaveAttribute('src', secondSrc!);
  const facts = page.getByRole('main').locator('dl');
  await expect(facts.getByRole('link', { name: 'Training Equipment' })).toBeVisible();
  await expect(facts.getByRole('link', { name: 'Goalposts' })).toBeVisible();
  await expect(facts.getByRole('link', { name: 'Nets', exact: true })).toHaveCount(0);

  // Delete after the confirm dialog.
  await page.goto(`/admin/list?q=${encodeURIComponent(renamed)}`);
  await hydrated(page);
  await expectNoSeriousViolations(page);
  await page.getByRole('link', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText(
    `${renamed} will be deleted. It goes to the trash, where it can be restored for 30 days.`,
  );
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
  const deleted = page.getByRole('alertdialog', { name: 'Deleted!' });
  await expect(deleted).toContainText('The product has been moved to the trash.');
  await deleted.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('link', { name: `Edit ${renamed}` })).toHaveCount(0);
  // Its row (and the Delete that opened the dialogs) is gone: the heading has the focus.
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeFocused();
  expect((await page.goto(productUrl))?.status()).toBe(404);
});

test('a new product whose save gets no answer (connection lost, a 500) keeps its fields and cropped image; a retry saves it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const name = `Offline Goalpost ${randomUUID().slice(0, 6)}`;
  await page.goto('/admin/create');
  await hydrated(page);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Sport', { exact: true }).selectOption({ label: 'Football' });
  const categories = page.getByRole('group', { name: 'Categories' });
  await categories.getByRole('checkbox', { name: 'Goalposts' }).check();
  await addImage(page, {
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: await image(900, 600, '#c0ffee', 'png'),
  });
  await confirmCrop(page);
  const preview = page.getByRole('img', { name: /^Preview 1 of/ });
  await expect(preview).toBeVisible();
  const src = await preview.getAttribute('src');

  // The save's POST (React Router's /admin/create.data) fails: first the connection, then the
  // server.
  const failed = await failPosts(page, '**/admin/create.data*');
  const submit = page.getByRole('button', { name: 'SUBMIT' });
  for (const attempt of [1, 2]) {
    await submit.click();
    await expect.poll(() => failed.length).toBe(attempt);
    await expect(submit).not.toHaveAttribute('aria-disabled'); // answered
    await expect(
      page.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again.' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(categories.getByRole('checkbox', { name: 'Goalposts' })).toBeChecked();
    await expect(page.getByRole('img', { name: /^Preview \d of/ })).toHaveCount(1);
    await expect(preview).toHaveAttribute('src', src!);
  }

  await page.unroute('**/admin/create.data*');
  await submit.click();
  await expect(page).toHaveURL(/\/admin\/edit\/\d+\?created=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'successfully created' })).toHaveText(
    `${name} successfully created.`,
  );
  // The next product starts from a clean form.
  await page.getByRole('link', { name: 'Add another product' }).click();
  await expect(page).toHaveURL(/\/admin\/create$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByRole('img', { name: /^Preview \d of/ })).toHaveCount(0);
});

test('the drop zone shows its messages for a wrong type, a large file and two at once', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/create');
  await hydrated(page);
  const input = page.locator('input[type=file]');
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'File type must be' })).toBeVisible();
  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(11 * 1024 * 1024),
  });
  await expect(page.getByText('File is larger than 10485760 bytes')).toBeVisible();
  const zone = page.getByTestId('image-dropzone');
  const twoFiles = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['a'], 'a.png', { type: 'image/png' }));
    transfer.items.add(new File(['b'], 'b.png', { type: 'image/png' }));
    return transfer;
  });
  await zone.dispatchEvent('drop', { dataTransfer: twoFiles });
  await expect(page.getByText('Too many files').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Crop Image' })).toHaveCount(0);
});

test('the product list filters by text, category and sport in the URL, without JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAsAdmin(page);
  await page.goto('/admin/list');
  await expect(page.getByRole('columnheader', { name: 'Product Name' })).toBeVisible();
  await page.getByLabel('Category').selectOption({ label: 'Goalposts' });
  await page.getByLabel('Sport', { exact: true }).selectOption({ label: 'Football' });
  await page.getByLabel('Search products').fill('goalpst');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/list\?q=goalpst&category=1&sport=1$/);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText(/goalpost/i);
  await expect(rows.nth(1)).toContainText('Football');
  await context.close();
});

test('Clear the filters empties the product filter form', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/list');
  await hydrated(page);
  const category = page.getByLabel('Category');
  const search = page.getByLabel('Search products');
  await category.selectOption({ label: 'Goalposts' });
  await expect(page).toHaveURL(/category=1/);
  await search.fill('no such product anywhere');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No products match.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear the filters' }).click();
  await expect(page).toHaveURL(/\/admin\/list$/);
  await expect(category).toHaveValue('');
  await expect(search).toHaveValue('');
});

test('Cancel while Confirm Crop is working adds nothing when the crop arrives', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // Each crop's JPEG arrives a second late, so Cancel comes while Confirm Crop is still working.
  await page.addInitScript(() => {
    const w = window as unknown as { cropsMade: number };
    w.cropsMade = 0;
    const toBlob = HTMLCanvasElement.prototype.toBlob;
    HTMLCanvasElement.prototype.toBlob = function (callback, ...rest) {
      toBlob.call(
        this,
        (blob) =>
          setTimeout(() => {
            callback(blob);
            w.cropsMade++;
          }, 1000),
        ...rest,
      );
    };
  });
  await page.goto('/admin/create');
  await hydrated(page);
  await addImage(page, {
    name: 'late.png',
    mimeType: 'image/png',
    buffer: await image(600, 400, '#d92626', 'png'),
  });
  await page.getByRole('button', { name: 'Confirm Crop' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Crop Image' })).toHaveCount(0);
  await page.waitForFunction(() => (window as unknown as { cropsMade: number }).cropsMade === 1);
  // The next image is the only one: the cancelled crop did not join the form.
  await addImage(page, {
    name: 'kept.jpg',
    mimeType: 'image/jpeg',
    buffer: await image(300, 300, '#1f4fd1', 'jpeg'),
  });
  await page.getByRole('button', { name: "Don't crop" }).click();
  await expect(page.getByRole('img', { name: /^Preview \d of/ })).toHaveCount(1);
});

/** Opens the picker from the focused control with Enter, as a keyboard user does, and picks a file. */
async function pickWithKeyboard(page: Page, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
  await expect(page.getByRole('dialog', { name: 'Crop Image' })).toBeVisible();
}

test('after a crop the focus is on the added or replaced image, not the page top', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto('/admin/create');
  await hydrated(page);
  const choose = page.getByRole('button', { name: 'Choose an image' });
  for (const n of [1, 2]) {
    await choose.focus();
    await pickWithKeyboard(page, `${n}.png`, await image(200, 200, '#d92626', 'png'));
    await page.getByRole('button', { name: "Don't crop" }).click();
    await expect(page.getByRole('img', { name: /^Preview \d of/ })).toHaveCount(n);
    await expect(choose).toBeFocused(); // ready for the next one
  }
  // The third fills the form: its picker goes, and the new image's own button has the focus.
  await choose.focus();
  await pickWithKeyboard(page, '3.png', await image(200, 200, '#1f4fd1', 'png'));
  await confirmCrop(page);
  await expect(choose).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Replace image 3' })).toBeFocused();

  // Replacing an image (on an edit): its new preview's Replace button, whichever way it ends.
  await page.goto('/admin/edit/1');
  await hydrated(page);
  const replace = page.getByRole('button', { name: 'Replace image 2' });
  const preview = page.getByRole('img', { name: /^Preview 2 of/ });
  for (const finish of ["Don't crop", 'Confirm Crop', 'Cancel']) {
    const before = await preview.getAttribute('src');
    await replace.focus();
    await pickWithKeyboard(page, 'new.png', await image(200, 200, '#12a150', 'png'));
    await page.getByRole('button', { name: finish }).click();
    await expect(page.getByRole('dialog', { name: 'Crop Image' })).toHaveCount(0, {
      timeout: 20_000,
    });
    if (finish === 'Cancel') await expect(preview).toHaveAttribute('src', before!);
    else await expect(preview).not.toHaveAttribute('src', before!);
    await expect(replace).toBeFocused();
  }
});

test('an image the browser cannot read is named in the crop dialog and cannot be added', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/create');
  await hydrated(page);
  await addImage(page, {
    name: 'fake.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('This is a text file, not a picture.'),
  });
  const dialog = page.getByRole('dialog', { name: 'Crop Image' });
  await expect(dialog.getByRole('alert')).toHaveText(
    'fake.jpg cannot be read as an image. Choose a JPEG, PNG or WebP image.',
  );
  await expect(dialog.getByRole('button', { name: "Don't crop" })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Confirm Crop' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Preview \d of/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose an image' })).toBeVisible();
});

test('leaving the product form releases every picked image', async ({ page }) => {
  await signInAsAdmin(page);
  await page.addInitScript(() => {
    const w = window as unknown as { created: string[]; revoked: string[] };
    w.created = [];
    w.revoked = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (object) => {
      const url = createObjectURL(object);
      w.created.push(url);
      return url;
    };
    URL.revokeObjectURL = (url) => {
      w.revoked.push(url);
      revokeObjectURL(url);
    };
  });
  await page.goto('/admin/create');
  await hydrated(page);
  await addImage(page, {
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: await image(600, 400, '#d92626', 'png'),
  });
  await confirmCrop(page);
  await expect(page.getByRole('img', { name: /^Preview 1 of/ })).toBeVisible();
  await addImage(page, {
    name: 'blue.jpg',
    mimeType: 'image/jpeg',
    buffer: await image(300, 300, '#1f4fd1', 'jpeg'),
  });
  await page.getByRole('button', { name: "Don't crop" }).click();
  await expect(page.getByRole('img', { name: /^Preview \d of/ })).toHaveCount(2);
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: /^Products/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/list$/);
  const urls = () =>
    page.evaluate(() => {
      const w = window as unknown as { created: string[]; revoked: string[] };
      return { created: [...w.created].sort(), revoked: [...w.revoked].sort() };
    });
  // The form's cleanup runs when React unmounts it, which may come just after the new URL.
  await expect.poll(async () => (await urls()).revoked.length).toBe(3);
  const { created, revoked } = await urls();
  expect(created).toHaveLength(3); // the two picked files and the cropped one
  expect(revoked).toEqual(created);
});

test('without JavaScript, delete goes through a confirm page', async ({ browser, page }) => {
  // Make a throwaway product through the real form post (the JS page), then delete it without JS.
  await signInAsAdmin(page);
  const name = `No JS Net ${randomUUID().slice(0, 6)}`;
  await newProduct(page, name, '#444444');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const nojs = await context.newPage();
  await signInAsAdmin(nojs);
  await nojs.goto(`/admin/list?q=${encodeURIComponent(name)}`);
  await nojs.getByRole('link', { name: `Delete ${name}` }).click();
  const panel = nojs.getByRole('region', { name: 'Are you sure?' });
  await expect(panel).toContainText('It goes to the trash, where it can be restored for 30 days.');
  await panel.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(nojs.getByRole('status')).toContainText(
    'Deleted! The product has been moved to the trash.',
  );
  await expect(nojs.getByRole('link', { name: `Delete ${name}` })).toHaveCount(0);
  await context.close();
});

test('a draft or hidden product is off the shop and its page a 404 for guests; staff see it marked', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const tag = `Offshop${randomUUID().slice(0, 6)}`;
  const draftId = await newProduct(page, `${tag} Draft Net`, '#2a2a6a', 'draft');
  const shown = `${tag} Shown Net`;
  const shownId = await newProduct(page, shown, '#2a6a2a');
  const guest = await browser.newContext();
  const visitor = await guest.newPage();
  // A guest's page of it, cached by the server until the catalogue changes.
  expect((await visitor.goto(`/products/${shownId}`))?.status()).toBe(200);

  // Hidden with the edit form's Status.
  await page.goto(`/admin/edit/${shownId}`);
  await hydrated(page);
  await page.getByLabel('Status').selectOption({ label: 'Hidden' });
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'successfully updated' })).toBeVisible();

  for (const id of [draftId, shownId]) {
    expect((await visitor.goto(`/products/${id}`))?.status(), `product ${id}`).toBe(404);
    expect((await visitor.request.get(`/api/v1/products/${id}`)).status()).toBe(404);
  }
  const api = await visitor.request.get(`/api/v1/products?q=${tag}`);
  expect(((await api.json()) as { total: number }).total).toBe(0);
  await visitor.goto(`/shop?q=${tag}`);
  await expect(visitor.getByRole('link', { name: shown })).toHaveCount(0);
  const sitemap = await (await visitor.request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain(`/products/${shownId}</loc>`);
  expect(sitemap).not.toContain(`/products/${draftId}</loc>`);

  // Staff still open them, marked, without Add to Cart.
  await page.goto(`/products/${shownId}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Hidden: not in the shop' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.goto(`/products/${draftId}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Draft: not in the shop' }),
  ).toBeVisible();

  // Published again: back for guests.
  await page.goto(`/admin/edit/${shownId}`);
  await hydrated(page);
  await page.getByLabel('Status').selectOption({ label: 'Published' });
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'successfully updated' })).toBeVisible();
  expect((await visitor.goto(`/products/${shownId}`))?.status()).toBe(200);
  await guest.close();
});

test('a deleted product waits in the trash, restorable, and is back in the shop when restored', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const name = `Trashed Goal ${randomUUID().slice(0, 6)}`;
  const id = await newProduct(page, name, '#6a2a2a');
  await page.goto(`/admin/list?q=${encodeURIComponent(name)}`);
  await hydrated(page);
  await page.getByRole('link', { name: `Delete ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Are you sure?' })
    .getByRole('button', {
      name: 'Yes, delete it!',
    })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Deleted!' })
    .getByRole('button', { name: 'OK' })
    .click();
  expect((await page.request.get(`/api/v1/products/${id}`)).status()).toBe(404);
  expect((await page.goto(`/products/${id}`))?.status()).toBe(404);

  // The Trash tab lists it with the day it goes for good.
  await page.goto(`/admin/list?q=${encodeURIComponent(name)}`);
  await hydrated(page);
  await page
    .getByRole('navigation', { name: 'Product status' })
    .getByRole('link', { name: /^Trash/ })
    .click();
  await expect(page).toHaveURL(/status=trashed/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('In the trash since');
  const purge = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-SG', {
    dateStyle: 'medium',
    timeZone: 'Asia/Singapore',
  });
  await expect(row).toContainText(`deleted for good on ${purge}`);
  await expect(row.getByRole('link', { name: `Edit ${name}` })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await row.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByRole('status')).toContainText(`${name} restored.`);
  expect((await page.request.get(`/api/v1/products/${id}`)).status()).toBe(200);

  await page.goto('/admin/activity?entity=product');
  const entries = page.getByRole('listitem').filter({ hasText: name });
  await expect(entries.nth(0)).toContainText(`restored product ${name} from the trash`);
  await expect(entries.nth(1)).toContainText(`moved product ${name} to the trash`);
});

test('the list shows product ids and sorts by its columns, by mouse, keyboard and URL; duplicate copies a product as a draft', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  const tag = `Sorted${randomUUID().slice(0, 6)}`;
  const alpha = await newProduct(page, `${tag} Alpha`, '#aa3333');
  const beta = await newProduct(page, `${tag} Beta`, '#33aa33');
  await page.goto(`/admin/list?q=${tag}`);
  await hydrated(page);
  const table = page.getByRole('table');
  const rows = table.getByRole('row').filter({ hasText: tag });
  const alphaRow = rows.filter({ hasText: `${tag} Alpha` });
  await expect(table.getByRole('columnheader', { name: /^ID/ })).toBeVisible();
  await expect(alphaRow.getByRole('cell').nth(1)).toHaveText(String(alpha));

  const nameHeader = table.getByRole('columnheader', { name: /^Product Name/ });
  await expect(nameHeader).not.toHaveAttribute('aria-sort');
  await nameHeader.getByRole('link').click();
  await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText(`${tag} Alpha`);
  // Again, from the keyboard: the other way.
  await nameHeader.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]sort=name-desc(&|$)/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText(`${tag} Beta`);
  // By id, highest first, straight from the address.
  await page.goto(`/admin/list?q=${tag}&sort=id-desc`);
  await expect(table.getByRole('columnheader', { name: /^ID/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(rows.first().getByRole('cell').nth(1)).toHaveText(String(Math.max(alpha, beta)));
  await expectNoSeriousViolations(page);

  // Duplicate: the copy is a draft, opened at once.
  await page.goto(`/admin/edit/${beta}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(/\/admin\/edit\/\d+\?copied=1$/);
  expect(page.url()).not.toContain(`/admin/edit/${beta}?`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${tag} Beta (copy)`);
  await expect(page.getByLabel('Status')).toHaveValue('draft');
  await expect(page.getByRole('img', { name: /^Preview 1 of/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Copy saved as a draft' })).toBeVisible();
});

test('bulk actions hide, show, move and delete the ticked products, refuse a stale list, and work without JavaScript', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const tag = `Bulk${randomUUID().slice(0, 6)}`;
  await newProduct(page, `${tag} One`, '#3333aa');
  await newProduct(page, `${tag} Two`, '#aaaa33');
  const inShop = async () =>
    ((await (await page.request.get(`/api/v1/products?q=${tag}`)).json()) as { total: number })
      .total;
  await page.goto(`/admin/list?q=${tag}`);
  await hydrated(page);
  const bar = page.getByRole('form', { name: 'Selected products' });
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: tag });
  await expect(bar.getByRole('button', { name: 'Hide' })).toBeDisabled();
  await bar.getByLabel('Select all on this page').check();
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByRole('status')).toContainText('2 products hidden from the shop.');
  await expect(rows.filter({ hasText: 'Hidden' })).toHaveCount(2);
  expect(await inShop()).toBe(0);

  await bar.getByLabel('Select all on this page').check();
  await bar.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('status')).toContainText('2 products now in the shop.');
  expect(await inShop()).toBe(2);

  await page.getByRole('checkbox', { name: `Select ${tag} One` }).check();
  await bar.getByLabel('Move the selected products to').selectOption({ label: 'Nets' });
  await bar.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('1 product moved to Nets.');
  await expect(
    rows
      .filter({ hasText: `${tag} One` })
      .getByRole('cell')
      .nth(4),
  ).toHaveText('Nets');

  // Another admin changes One after this page read the list: the action changes nothing.
  await page.getByRole('checkbox', { name: `Select ${tag} One` }).check();
  await page.getByRole('checkbox', { name: `Select ${tag} Two` }).check();
  const seen = await page.getByRole('checkbox', { name: `Select ${tag} One` }).inputValue();
  const elsewhere = await page.request.post('/admin/list', {
    form: { intent: 'bulk-hide', ids: seen },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(elsewhere.ok()).toBe(true);
  await bar.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByRole('alert')).toContainText(
    `${tag} One was changed by someone else since the list was read. Nothing was changed`,
  );
  await expect(rows).toHaveCount(2);
  // The list was read again: One shows as hidden.
  await expect(rows.filter({ hasText: `${tag} One` })).toContainText('Hidden');

  // Without JavaScript: tick boxes in a plain form, and 'Select all' as a link.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const nojs = await context.newPage();
  await signInAsAdmin(nojs);
  await nojs.goto(`/admin/list?q=${tag}`);
  await nojs.getByRole('checkbox', { name: `Select ${tag} One` }).check();
  await nojs.getByRole('button', { name: 'Show' }).click();
  await expect(nojs.getByRole('status')).toContainText('1 product now in the shop.');
  await nojs.getByRole('link', { name: 'Select all on this page' }).click();
  await expect(nojs.getByRole('checkbox', { name: `Select ${tag} Two` })).toBeChecked();
  await nojs.getByRole('button', { name: 'Move to trash' }).click();
  await expect(nojs.getByRole('status')).toContainText('2 products moved to the trash.');
  await expect(nojs.getByRole('table')).toHaveCount(0);
  await context.close();
  expect(await inShop()).toBe(0);
});

/** A PNG whose header declares 20000×20000 pixels: 400 MP once decoded (a decompression bomb). */
function bombPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // A few hundred rows of zeros compress to almost nothing: the file is tiny, the image is not.
  const rows = deflateSync(Buffer.alloc(20_001 * 200));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function postProduct(
  request: APIRequestContext,
  files: { name: string; type: string; data: Buffer }[],
  name: string,
  status?: 'published' | 'draft' | 'hidden',
) {
  const form = new FormData();
  form.set('name', name);
  if (status) form.set('status', status);
  form.set('sportId', '1');
  form.append('categoryIds', '1');
  files.forEach((_, i) => form.append('images', `new:${i}`));
  for (const f of files)
    form.append('file', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  return request.post('/admin/create.data', { multipart: form });
}

test('the server refuses bad uploads with a clear 4xx and stores nothing', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  const storageState = await page.context().storageState();
  const baseURL = test.info().project.use.baseURL!;
  // A colour of its own: a picture another test uploaded could not be told from a leftover.
  const colour = `#${randomUUID().slice(0, 6)}`;
  const jpeg = await image(400, 400, colour, 'jpeg');
  const cases: {
    label: string;
    files: { name: string; type: string; data: Buffer }[];
    status: number;
    message: string;
  }[] = [
    {
      label: 'a text file named .jpg',
      files: [{ name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('just some text\n') }],
      status: 415,
      message: 'Image 1 (photo.jpg) is not a JPEG, PNG or WebP image.',
    },
    {
      label: 'an SVG',
      files: [
        {
          name: 'logo.svg',
          type: 'image/svg+xml',
          data: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
          ),
        },
      ],
      status: 415,
      message: 'Image 1 (logo.svg) is not a JPEG, PNG or WebP image.',
    },
    {
      label: 'a truncated JPEG',
      files: [
        {
          name: 'cut.jpg',
          type: 'image/jpeg',
          data: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        },
      ],
      status: 422,
      message: 'Image 1 (cut.jpg) could not be read: the file is damaged or incomplete.',
    },
    {
      label: 'a 20000×20000 PNG',
      files: [{ name: 'bomb.png', type: 'image/png', data: bombPng() }],
      status: 413,
      message: 'Image 1 (bomb.png) has too many pixels (at most 40 megapixels).',
    },
    {
      label: 'an 11 MB file',
      files: [{ name: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(11 * 1024 * 1024, 1) }],
      status: 413,
      message: 'Each image must be 10 MB or smaller.',
    },
    {
      label: 'a fourth image',
      files: [1, 2, 3, 4].map((n) => ({ name: `${n}.jpg`, type: 'image/jpeg', data: jpeg })),
      status: 400,
      message: 'A product has at most 3 images.',
    },
  ];
  for (const c of cases) {
    const name = `Refused ${randomUUID().slice(0, 8)}`;
    // A fresh connection each: a refused large body closes the one it came on.
    const request = await playwright.request.newContext({ baseURL, storageState });
    const response = await postProduct(request, c.files, name);
    expect(response.status(), c.label).toBe(c.status);
    expect(await response.text(), c.label).toContain(c.message);
    await request.dispose();
    expect(filesFrom(c.files), c.label).toEqual([]);
    const api = await page.request.get(`/api/v1/products?q=${encodeURIComponent(name)}`);
    expect(
      ((await api.json()) as { items: { name: string }[] }).items.map((p) => p.name),
    ).not.toContain(name);
  }
});

test('a fourth image on an edit is refused, and an unknown product is a 404', async ({ page }) => {
  await signInAsAdmin(page);
  // Demo product 1 has images; three new ones on top exceed the limit.
  await page.goto('/admin/edit/1');
  const revision = await page.locator('input[name="revision"]').getAttribute('value');
  const kept = await page
    .locator('input[name="images"]')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const jpeg = await image(300, 300, `#${randomUUID().slice(0, 6)}`, 'jpeg');
  const form = new FormData();
  form.set('name', 'Anything');
  form.set('sportId', '1');
  form.append('categoryIds', '1');
  form.set('revision', revision!);
  for (const k of kept) form.append('images', k);
  for (let i = 0; i < 4 - kept.length; i++) {
    form.append('images', `new:${i}`);
    form.append('file', new Blob([new Uint8Array(jpeg)]), `${i}.jpg`);
  }
  const response = await page.request.post('/admin/edit/1.data', { multipart: form });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('A product has at most 3 images.');
  expect(filesFrom([{ data: jpeg }])).toEqual([]);

  expect((await page.goto('/admin/edit/999999'))?.status()).toBe(404);
  expect((await page.goto('/admin/edit/abc'))?.status()).toBe(404);
});

test('the later of two edits is told the product changed, and nothing is overwritten', async ({
  browser,
  page,
}) => {
  // Two admin browsers, a new product and two saves: 26-30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  // A product of its own, so no other test sees its name change.
  await signInAsAdmin(page);
  const original = `Two Editors ${randomUUID().slice(0, 6)}`;
  await newProduct(page, original, '#555555');
  await page.goto(`/admin/list?q=${encodeURIComponent(original)}`);
  await hydrated(page);
  await page.getByRole('link', { name: `Edit ${original}` }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(original);
  const editUrl = page.url();
  const id = editUrl.split('/').pop()!;

  const open = async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInAsAdmin(other);
    await other.goto(editUrl);
    return other;
  };
  const [first, second] = [await open(), await open()];
  await first.getByLabel('Name', { exact: true }).fill(`${original} (first)`);
  await first.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(first.getByText('successfully updated')).toBeVisible();
  await second.getByLabel('Name', { exact: true }).fill(`${original} (second)`);
  await second.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(
    second.getByRole('alert').filter({ hasText: 'changed by someone else' }),
  ).toBeVisible();
  const api = await second.request.get(`/api/v1/products/${id}`);
  expect(((await api.json()) as { name: string }).name).toBe(`${original} (first)`);
  // Reloading shows the stored product, and a save from there goes through.
  await second.getByRole('link', { name: 'Reload the product' }).click();
  await expect(second.getByLabel('Name', { exact: true })).toHaveValue(`${original} (first)`);
  await expect(second.getByText('changed by someone else')).toHaveCount(0);
  await second.getByLabel('Name', { exact: true }).fill(`${original} (second)`);
  await second.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(second.getByText('successfully updated')).toBeVisible();
  await first.context().close();
  await second.context().close();
});

test('guests and customers cannot create, edit, delete, hide, restore or duplicate products', async ({
  page,
  playwright,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const origin = new URL(baseURL).origin;
  const form = (intent = 'delete') => {
    const f = new FormData();
    f.set('name', 'Sneaky');
    f.set('sportId', '1');
    f.append('categoryIds', '1');
    f.set('intent', intent);
    f.set('productId', '1');
    f.set('revision', '1');
    f.append('ids', '1:1');
    return f;
  };
  const posts = [
    ['/admin/create'],
    ['/admin/edit/1'],
    ['/admin/list', 'delete'],
    ['/admin/list', 'bulk-hide'],
    ['/admin/list', 'restore'],
    ['/admin/list', 'duplicate'],
  ] as const;

  const guest = await playwright.request.newContext({ baseURL });
  for (const [url, intent] of posts) {
    const response = await guest.post(url, { multipart: form(intent), maxRedirects: 0 });
    expect(response.status(), `${url} ${intent}`).toBe(302);
    expect(response.headers().location, url).toMatch(/^\/login\?redirectTo=/);
  }
  await guest.dispose();

  const email = `customer-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse battery', name: 'Customer' },
    headers: { origin },
  });
  expect(signUp.ok()).toBe(true);
  for (const [url, intent] of posts) {
    const response = await page.request.post(url, { multipart: form(intent), maxRedirects: 0 });
    expect(response.status(), `${url} ${intent}`).toBe(403);
  }
  const api = await page.request.get('/api/v1/products/1');
  expect(api.status()).toBe(200);
  expect(((await api.json()) as { name: string }).name).not.toBe('Sneaky');
});

test("the back office's own stylesheet styles it, loaded with the page or reached from the shop", async ({
  page,
}) => {
  await signInAsAdmin(page);
  // The sidebar's offset below the top bar (top-[3.25rem]) is a class only admin.css holds.
  const sidebarTop = () =>
    page
      .locator('nav[aria-label="Back office sections"].sticky')
      .evaluate((nav) => getComputedStyle(nav).top);
  const adminStylesheet = page.locator('link[rel="stylesheet"][href*="/assets/admin-"]');

  // The shop does not load it.
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(adminStylesheet).toHaveCount(0);

  // Reached from the shop without a page load: the router fetches it before showing the page.
  await page.getByText('Demo Admin', { exact: true }).first().click();
  await page.getByRole('link', { name: 'Back office' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(adminStylesheet).toHaveCount(1);
  expect(await sidebarTop()).toBe('52px');

  // Loaded with the page: the link is in the server's head, so nothing shows unstyled first.
  const html = await (await page.request.get('/admin/list')).text();
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toMatch(/<link [^>]*rel="stylesheet" href="\/assets\/admin-[\w-]+\.css"/);
  await page.goto('/admin/list');
  expect(await sidebarTop()).toBe('52px');
});

test("an admin's cart count is back in the shop's header after the back office", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/products/3');
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const count = page.getByTestId('cart-count');
  await expect(count).toHaveText(/^\d+$/);
  const before = (await count.textContent())!;
  // The back office's pages skip the count (their frame has no cart); View shop, a client-side
  // navigation, reads it again.
  await page.goto('/admin/list');
  await hydrated(page);
  await page.getByRole('link', { name: 'View shop' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(count).toHaveText(before);
  await page.goto('/cart');
  await hydrated(page);
  await page.getByRole('button', { name: /^Remove Aluminium Football Goalposts/ }).click();
  await expect(
    page.getByRole('button', { name: /^Remove Aluminium Football Goalposts/ }),
  ).toHaveCount(0);
});

/** Posts a back-office form as the signed-in admin of `page` (as another tab would). */
async function postForm(page: Page, path: string, form: Record<string, string>) {
  const response = await page.request.post(path, {
    form,
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok(), path).toBe(true);
}

test('a category deleted while the form has it ticked is named as gone, and leaves the form', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/create');
  const category = `Vanishing ${randomUUID().slice(0, 6)}`;
  await postForm(page, '/admin/create-categories', { name: category });
  await page.reload();
  await hydrated(page);
  await page.getByLabel('Name', { exact: true }).fill(`Orphan Goal ${randomUUID().slice(0, 6)}`);
  await page.getByLabel('Sport', { exact: true }).selectOption({ label: 'Football' });
  const categories = page.getByRole('group', { name: 'Categories' });
  await categories.getByRole('checkbox', { name: category }).check();
  await addImage(page, {
    name: 'grey.png',
    mimeType: 'image/png',
    buffer: await image(300, 300, '#777777', 'png'),
  });
  await page.getByRole('button', { name: "Don't crop" }).click();
  // Another admin deletes the category (nothing uses it yet).
  const listed = (await (await page.request.get('/api/v1/categories')).json()) as {
    items: { id: number; name: string }[];
  };
  const id = listed.items.find((c) => c.name === category)!.id;
  await postForm(page, '/admin/categories', { intent: 'delete', id: String(id) });

  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(categories).toContainText(
    'A category you chose has just been deleted. Check the categories and save again.',
  );
  // The lists are read again: the deleted one is no longer offered or chosen.
  await expect(categories.getByRole('checkbox', { name: category })).toHaveCount(0);
  await expect(categories.getByRole('button', { name: `Remove ${category}` })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Preview 1 of/ })).toBeVisible();
});

test('without JavaScript, an edit is saved or refused with its message, keeping what was typed', async ({
  browser,
  page,
}) => {
  await signInAsAdmin(page);
  const original = `No JS Edit ${randomUUID().slice(0, 6)}`;
  const id = await newProduct(page, original, '#666666');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const nojs = await context.newPage();
  await signInAsAdmin(nojs);
  await nojs.goto(`/admin/edit/${id}`);
  await expect(
    nojs.getByText('Adding, replacing or reordering images needs JavaScript.'),
  ).toBeVisible();
  await nojs.getByLabel('Name', { exact: true }).fill(`${original} saved`);
  await nojs.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(nojs.getByRole('status').filter({ hasText: 'successfully updated' })).toContainText(
    `${original} saved successfully updated`,
  );

  // Another admin saves meanwhile: this page's next save is refused, and keeps what was typed.
  await page.goto(`/admin/edit/${id}`);
  await hydrated(page);
  await page.getByLabel('Description').fill('Changed elsewhere.');
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByText('successfully updated')).toBeVisible();
  await nojs.getByLabel('Name', { exact: true }).fill(`${original} mine`);
  await nojs.getByLabel('Description').fill('My words.');
  await nojs.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(nojs.getByText('changed by someone else').first()).toBeVisible();
  await expect(nojs.getByLabel('Name', { exact: true })).toHaveValue(`${original} mine`);
  await expect(nojs.getByLabel('Description')).toHaveValue('My words.');
  // Saving again is refused again (the form keeps the revision it was opened at): no overwrite
  // of a change this page never showed.
  await nojs.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(nojs.getByText('changed by someone else').first()).toBeVisible();
  const api = await page.request.get(`/api/v1/products/${id}`);
  expect(((await api.json()) as { name: string }).name).toBe(`${original} saved`);
  // Reload the product: a plain link without JavaScript, to the stored version.
  await nojs.getByRole('link', { name: 'Reload the product' }).click();
  await expect(nojs.getByLabel('Description')).toHaveValue('Changed elsewhere.');
  await context.close();
});
