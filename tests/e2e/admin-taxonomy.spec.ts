// The back office keeps sports and categories: Add Sports / Add Categories, the lists with rename
// and delete, what the shop shows afterwards, and the activity log. Names carry this run's tag so
// parallel tests (and a retry) never meet each other's entries; what is created is deleted again.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, hydrated, test, type Browser, type Page } from './test';
import { expectNoSeriousViolations } from './axe';

const RUN = randomUUID().slice(0, 6).toUpperCase();

function demoAdmin() {
  const text = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-admin.txt'), 'utf8');
  return { email: text.match(/email: (\S+)/)![1]!, password: text.match(/password: (\S+)/)![1]! };
}

async function signInAsAdmin(page: Page) {
  const admin = demoAdmin();
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin/);
}

/** How many products the shop's API says use a sport or category. */
async function productsUsing(page: Page, param: 'sport' | 'category', id: number) {
  const response = await page.request.get(`/api/v1/products?${param}=${id}`);
  return (await response.json()).total as number;
}

async function idOf(page: Page, list: 'sports' | 'categories', name: string) {
  const items = (await (await page.request.get(`/api/v1/${list}`)).json()).items as {
    id: number;
    name: string;
  }[];
  return items.find((x) => x.name === name)?.id;
}

const kinds = [
  {
    one: 'sport',
    list: 'sports',
    createPath: '/admin/create-sport',
    listPath: '/admin/sports',
    title: 'Add Sports',
    field: 'Sport name',
    required: 'Sport name is required.',
    duplicate: 'A sport with this name already exists.',
    inUse: { name: 'Football', param: 'sport' },
    menu: { summary: 'Shop by Sport', list: 'Sports' },
    filter: 'Sport',
    name: `Pickleball ${RUN}`,
    renamed: `Paddle Tennis ${RUN}`,
  },
  {
    one: 'category',
    list: 'categories',
    createPath: '/admin/create-categories',
    listPath: '/admin/categories',
    title: 'Add Categories',
    field: 'Category name',
    required: 'Category name is required.',
    duplicate: 'A category with this name already exists.',
    inUse: { name: 'Goalposts', param: 'category' },
    menu: { summary: 'Categories', list: 'Categories' },
    filter: 'Category',
    name: `Paddles ${RUN}`,
    renamed: `Rackets ${RUN}`,
  },
] as const;

for (const kind of kinds) {
  test(`an admin creates, renames, fails to delete an in-use ${kind.one} and deletes an unused one`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);

    // Add: the required message blocks the submit; then a name with spaces around it.
    await page.goto(kind.createPath);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: kind.title })).toBeVisible();
    await expectNoSeriousViolations(page);
    const field = page.getByLabel(kind.field);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByText(kind.required)).toBeVisible();
    await expect(field).toBeFocused();
    await field.fill(`  ${kind.name}  `);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByRole('status')).toContainText(`${kind.name} created.`);
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused(); // ready for the next one

    // The same name in other letters is refused, under the field, and the value is kept.
    await field.fill(kind.name.toUpperCase());
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByText(kind.duplicate)).toBeVisible();
    await expect(field).toHaveValue(kind.name.toUpperCase());
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // The server's refusal moves the focus to the field, as the browser's own check does.
    await expect(field).toBeFocused();

    // The shop shows it at once: the navbar dropdown and the listing's filters.
    await page.goto('/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText(kind.menu.summary, { exact: true }).click();
    await expect(
      nav.getByRole('list', { name: kind.menu.list }).getByRole('link', { name: kind.name }),
    ).toBeVisible();
    await page.goto('/shop');
    await hydrated(page);
    await page.getByRole('button', { name: /Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel.getByRole('group', { name: kind.filter })).toBeVisible();
    await expect(panel.getByRole('checkbox', { name: kind.name })).toBeVisible();
    const id = (await idOf(page, kind.list, kind.name))!;
    expect(await page.request.get('/sitemap.xml').then((r) => r.text())).toContain(
      `/shop/${kind.one === 'sport' ? 'sports' : 'category'}/${id}</loc>`,
    );

    // Rename in the dialog: a taken name is refused there; a free one is saved.
    await page.goto(kind.listPath);
    await hydrated(page);
    await expectNoSeriousViolations(page);
    const row = page.getByRole('row', { name: new RegExp(kind.name) });
    await expect(row.getByRole('cell').first()).toHaveText('0');
    // Names only: the shop's addresses use ids, so no slug is shown.
    await expect(row).toHaveText(new RegExp(`^${kind.name}0`));
    await expect(page.getByRole('table').getByText(/^\/[a-z0-9-]+$/)).toHaveCount(0);
    await row.getByRole('link', { name: `Rename ${kind.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Rename ${kind.one}` });
    await expect(dialog.getByLabel(kind.field)).toBeFocused();
    await expectNoSeriousViolations(page);
    await dialog.getByLabel(kind.field).fill(kind.inUse.name.toLowerCase());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(kind.duplicate)).toBeVisible();
    await dialog.getByLabel(kind.field).fill(kind.renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(kind.renamed) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(kind.name) })).toHaveCount(0);
    await page.goto('/');
    await hydrated(page);
    await nav.getByText(kind.menu.summary, { exact: true }).click();
    const menu = nav.getByRole('list', { name: kind.menu.list });
    await expect(menu.getByRole('link', { name: kind.renamed })).toBeVisible();
    await expect(menu.getByRole('link', { name: kind.name })).toHaveCount(0);

    // An entry that products use cannot be deleted: Delete says so, and how many, instead of
    // asking first. (The list counts drafts and hidden products too, which other tests make.)
    await page.goto(kind.listPath);
    await hydrated(page);
    const usedId = (await idOf(page, kind.list, kind.inUse.name))!;
    const used = await productsUsing(page, kind.inUse.param, usedId);
    expect(used).toBeGreaterThan(1);
    const usedRow = page.getByRole('row', { name: new RegExp(`^${kind.inUse.name}\\b`) });
    const listed = Number(/^\d+/.exec(await usedRow.getByRole('cell').first().innerText())![0]);
    expect(listed).toBeGreaterThanOrEqual(used);
    await usedRow.getByRole('link', { name: `Delete ${kind.inUse.name}` }).click();
    const blocked = page.getByRole('alertdialog', {
      name: `${kind.inUse.name} cannot be deleted`,
    });
    await expect(blocked).toContainText(
      new RegExp(
        `^.*This ${kind.one} is used by \\d+ products(, \\d+ of them in the trash)?\\. Move them to another ${kind.one} first\\.`,
      ),
    );
    await expect(page.getByRole('button', { name: 'Yes, delete it!' })).toHaveCount(0);
    await expect(blocked.getByRole('link', { name: 'Show its products' })).toHaveAttribute(
      'href',
      `/admin/list?${kind.inUse.param}=${usedId}`,
    );
    await expectNoSeriousViolations(page);
    await blocked.getByRole('button', { name: 'OK' }).click();
    await expect(usedRow).toBeVisible();

    // A rename refused for one entry leaves no message in the next entry's dialog.
    await usedRow.getByRole('link', { name: `Rename ${kind.inUse.name}` }).click();
    await dialog.getByLabel(kind.field).fill(kind.renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(kind.duplicate)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('row', { name: new RegExp(kind.renamed) })
      .getByRole('link', { name: `Rename ${kind.renamed}` })
      .click();
    await expect(dialog.getByLabel(kind.field)).toHaveValue(kind.renamed);
    await expect(dialog.getByText(kind.duplicate)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The unused one goes (after Cancel once, which keeps it).
    const renamedRow = page.getByRole('row', { name: new RegExp(kind.renamed) });
    await renamedRow.getByRole('link', { name: `Delete ${kind.renamed}` }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamedRow).toBeVisible();
    // Another admin deletes it first (the same action, posted from elsewhere): this page's
    // delete is told so, and the list is read again.
    const renamedId = (await idOf(page, kind.list, kind.renamed))!;
    const elsewhere = await page.request.post(kind.listPath, {
      form: { intent: 'delete', id: String(renamedId) },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(elsewhere.ok()).toBe(true);
    await expect.poll(() => idOf(page, kind.list, kind.renamed)).toBeUndefined();
    await expect(renamedRow).toBeVisible();
    await renamedRow.getByRole('link', { name: `Delete ${kind.renamed}` }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    const gone = page.getByRole('alertdialog', { name: 'Error' });
    await expect(gone).toContainText(`This ${kind.one} no longer exists.`);
    await gone.getByRole('button', { name: 'OK' }).click();
    await expect(renamedRow).toHaveCount(0);

    // The activity log tells the story, newest first, with from → to.
    await page.goto(`/admin/activity?entity=${kind.one}`);
    await expectNoSeriousViolations(page);
    const entries = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
    const mine = entries.filter({ hasText: RUN });
    await expect(mine).toHaveCount(3);
    await expect(mine.nth(0)).toContainText(`Demo Admin deleted ${kind.one} ${kind.renamed}`);
    await expect(mine.nth(1)).toContainText(`Demo Admin edited ${kind.one} ${kind.renamed}`);
    await expect(mine.nth(1)).toContainText(`${kind.name}to${kind.renamed}`);
    await expect(mine.nth(2)).toContainText(`Demo Admin created ${kind.one} ${kind.name}`);
  });
}

/** Adds an entry through the create page's action, as its form does; answers its id. */
async function addEntry(page: Page, kind: (typeof kinds)[number], name: string) {
  const response = await page.request.post(kind.createPath, {
    form: { name },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok()).toBe(true);
  return (await idOf(page, kind.list, name))!;
}

test('after a delete the focus goes to the next row, or the previous one at the end', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const kind = kinds[0];
  // 'Zz' sorts these after the demo's sports, so C is the list's last row.
  const [a, b, c] = ['A', 'B', 'C'].map((x) => `Zz Focus ${RUN} ${x}`);
  for (const name of [a, b, c]) await addEntry(page, kind, name!);
  await page.goto(kind.listPath);
  await hydrated(page);
  const deleteThrough = async (name: string) => {
    await page.getByRole('link', { name: `Delete ${name}` }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  };
  await deleteThrough(b!);
  await expect(page.getByRole('link', { name: `Delete ${c}` })).toBeFocused();
  await deleteThrough(c!);
  await expect(page.getByRole('link', { name: `Delete ${a}` })).toBeFocused();
  await deleteThrough(a!);
  await expect(page.locator(':focus')).toHaveAccessibleName(/^Delete /);
});

test('a long name without spaces wraps in the list at 390 px instead of widening the page', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const kind of kinds) {
    // 60 characters, the longest name allowed, in one word.
    const name = `QALong${kind.one}NameWithoutAnySpacesAtAllToTestOverflow`.padEnd(54, 'X') + RUN;
    const id = await addEntry(page, kind, name);
    await page.goto(kind.listPath);
    const row = page.getByRole('row', { name: new RegExp(name) });
    // Down to the row only: scrolling it into view could scroll sideways too.
    await row.evaluate((r) => window.scrollBy(0, r.getBoundingClientRect().top - 100));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expect(row.getByRole('cell').first()).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('link', { name: `Delete ${name}` })).toBeInViewport({ ratio: 1 });
    // The activity log that names it, and the shop filtered by it (its chip), fit the phone too.
    const shopPath = kind.one === 'sport' ? `/shop/sports/${id}` : `/shop/category/${id}`;
    for (const path of ['/admin/activity', shopPath]) {
      await page.goto(path);
      await expect(page.getByRole('main').getByText(name).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(390);
    }
    const deleted = await page.request.post(kind.listPath, {
      form: { intent: 'delete', id: String(id) },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(deleted.ok()).toBe(true);
  }
});

/** Signed in (with JavaScript), then a context without it sharing the session. */
async function noScriptAdmin(browser: Browser) {
  const signIn = await browser.newContext();
  const first = await signIn.newPage();
  await signInAsAdmin(first);
  const storageState = await signIn.storageState();
  await signIn.close();
  const context = await browser.newContext({ javaScriptEnabled: false, storageState });
  return context.newPage();
}

test('sports are added, renamed and deleted without JavaScript too', async ({ browser }) => {
  const page = await noScriptAdmin(browser);
  const name = `Sepak Takraw ${RUN}`;
  await page.goto('/admin/create-sport');
  await page.getByLabel('Sport name').fill(name);
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByRole('status')).toContainText(`${name} created.`);
  // A refused name comes back in the field (the page is new).
  await page.getByLabel('Sport name').fill('basketball');
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByText('A sport with this name already exists.')).toBeVisible();
  await expect(page.getByLabel('Sport name')).toHaveValue('basketball');

  await page.goto('/admin/sports');
  await page.getByRole('link', { name: `Rename ${name}` }).click();
  await expect(page).toHaveURL(/\?rename=\d+$/);
  const field = page.getByLabel(`New name for ${name}`);
  await field.fill('Football');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A sport with this name already exists.')).toBeVisible();
  // The refused name, not the old one (which would read as the name that is taken).
  await expect(page.getByLabel(`New name for ${name}`)).toHaveValue('Football');
  await page.getByLabel(`New name for ${name}`).fill(`Takraw ${RUN}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText(`Renamed to Takraw ${RUN}.`);

  // In use: the row says so instead of asking.
  await page.getByRole('link', { name: 'Delete Football' }).click();
  await expect(page.getByRole('alert')).toContainText(/This sport is used by \d+ products\b/);
  await expect(page.getByRole('button', { name: 'Yes, delete it!' })).toHaveCount(0);

  await page.goto('/admin/sports');
  await page.getByRole('link', { name: `Delete Takraw ${RUN}` }).click();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByRole('status')).toContainText(`Takraw ${RUN} deleted.`);
  await expect(page.getByRole('row', { name: new RegExp(`Takraw ${RUN}`) })).toHaveCount(0);

  // The activity log filters and pages with plain links and a GET form.
  await page.goto('/admin/activity');
  await page.getByLabel('Show').selectOption('sport');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/admin\/activity\?entity=sport$/);
  await expect(page.getByRole('listitem').filter({ hasText: RUN }).first()).toContainText(
    `deleted sport Takraw ${RUN}`,
  );
  await page.context().close();
});
