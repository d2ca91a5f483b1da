import { expect, test, type Page } from '@playwright/test';
import { isDesktop, settled, signInByApi, snap, accessToken } from './helpers';
import { expectAxeClean } from './axe';

/** Unique per run and per project: both projects run in parallel on one database. */
function uniqueSuffix(project: string): string {
  return `${project} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const categoriesColumn = (page: Page) => page.getByRole('region', { name: /^Categories/ });
const componentsColumn = (page: Page, categoryName: string) => page.getByRole('region', { name: `Components in ${categoryName}` });

/** The categories column may hold more than one page of entries: the filter finds ours wherever it is. */
async function findCategory(page: Page, name: string): Promise<void> {
  const column = categoriesColumn(page);
  await expect(column.getByRole('list')).toBeVisible();
  const filter = column.getByRole('searchbox', { name: 'Filter categories' });
  if ((await filter.count()) > 0) await filter.fill(name);
  await expect(column.getByRole('link', { name: new RegExp(name) })).toBeVisible();
}

test(
  'admin adds a category and a component, renames the component, deactivates and activates the category',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    // A long flow with three accessibility scans.
    test.setTimeout(120_000);
    const suffix = uniqueSuffix(testInfo.project.name);
    const takenName = `E2E Taken ${suffix}`;
    const categoryName = `E2E Category ${suffix}`;
    const componentName = `Shank ${suffix}`;
    const renamedComponent = `Setting ${suffix}`;

    // A category that already exists: the live check must flag its name while it is typed.
    const token = await accessToken(request, 'admin');
    const taken = await request.post('/api/categories', { headers: { Authorization: `Bearer ${token}` }, data: { name: takenName } });
    expect(taken.status()).toBe(201);

    await signInByApi(page, 'admin');
    await page.goto('/dashboard/admin/taxonomy');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Taxonomy' })).toBeVisible();
    await expect(categoriesColumn(page).getByRole('list')).toBeVisible();
    await expect(page.getByText(/\d+ categor(y|ies) · \d+ components? · \d+ optionals?/)).toBeVisible();
    await expectAxeClean(page);
    await snap(page, testInfo, 'taxonomy-categories');

    // Add a category: the duplicate (in another case) is flagged before anything is sent.
    await categoriesColumn(page).getByRole('button', { name: 'New category' }).click();
    const newCategory = page.getByRole('dialog', { name: 'New category' });
    const nameField = newCategory.getByLabel('Name');
    await nameField.fill(takenName.toUpperCase());
    await expect(nameField).toHaveAccessibleDescription('A category with this name already exists');
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await snap(page, testInfo, 'taxonomy-name-taken');
    await expectAxeClean(page);
    // Sending anyway is refused on the spot: the drawer stays, focus back on the name.
    await newCategory.getByRole('button', { name: 'Create category' }).click();
    await expect(nameField).toBeFocused();
    await expect(newCategory).toBeVisible();

    await nameField.fill(categoryName);
    await expect(nameField).not.toHaveAttribute('aria-invalid', 'true');
    await newCategory.getByRole('button', { name: 'Create category' }).click();
    await expect(newCategory).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Category ${categoryName} created` })).toBeVisible();

    // The new category is opened (in the URL); its components column offers the next step.
    await expect(page).toHaveURL(/[?&]category=[0-9a-f-]{36}/);
    const categoryId = new URL(page.url()).searchParams.get('category')!;
    const components = componentsColumn(page, categoryName);
    await expect(components.getByText(`${categoryName} has no components yet`)).toBeVisible();
    if (isDesktop(testInfo)) {
      await expect(categoriesColumn(page).getByRole('link', { name: new RegExp(categoryName) })).toHaveAttribute('aria-current', 'true');
    } else {
      // A phone shows one level at a time.
      await expect(categoriesColumn(page)).toBeHidden();
      await expect(components.getByRole('link', { name: 'Categories' })).toBeVisible();
    }

    // Add a component under it.
    await components.getByRole('button', { name: 'New component' }).first().click();
    const newComponent = page.getByRole('dialog', { name: 'New component' });
    await expect(newComponent.getByText(`In ${categoryName}`)).toBeVisible();
    await newComponent.getByLabel('Name').fill(componentName);
    await newComponent.getByRole('button', { name: 'Create component' }).click();
    await expect(newComponent).toBeHidden();
    await expect(page).toHaveURL(/[?&]component=[0-9a-f-]{36}/);
    const optionals = page.getByRole('region', { name: `Optionals in ${componentName}` });
    await expect(optionals.getByText(`${componentName} has no optionals yet`)).toBeVisible();
    await snap(page, testInfo, 'taxonomy-component-added');

    // Rename it (a phone steps back to the category's components first).
    if (!isDesktop(testInfo)) await optionals.getByRole('link', { name: categoryName }).click();
    await expect(components.getByRole('link', { name: new RegExp(componentName) })).toContainText('0 optionals');
    await components.getByRole('button', { name: `Edit ${componentName}` }).click();
    const editComponent = page.getByRole('dialog', { name: componentName, exact: true });
    await editComponent.getByLabel('Name').fill(renamedComponent);
    await editComponent.getByRole('button', { name: 'Save changes' }).click();
    await expect(editComponent).toBeHidden();
    await expect(components.getByRole('link', { name: new RegExp(renamedComponent) })).toBeVisible();
    await expect(components.getByText(componentName, { exact: true })).toHaveCount(0);
    if (isDesktop(testInfo)) await expect(page.getByRole('region', { name: `Optionals in ${renamedComponent}` })).toBeVisible();

    // Deactivate the category: it stays in the list, shown as inactive, and leaves the public API.
    if (!isDesktop(testInfo)) await components.getByRole('link', { name: 'Categories' }).click();
    await findCategory(page, categoryName);
    const categoryRow = categoriesColumn(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: new RegExp(categoryName) }) });
    await expect(categoryRow).toContainText('0 pieces · 1 component');
    await categoryRow.getByRole('button', { name: `Edit ${categoryName}` }).click();
    const editCategory = page.getByRole('dialog', { name: categoryName, exact: true });
    await editCategory.getByRole('button', { name: 'Deactivate category' }).click();
    await expect(editCategory.getByRole('button', { name: 'Activate category' })).toBeVisible();
    await expect(editCategory.getByText('Inactive', { exact: true })).toBeVisible();
    await editCategory.getByRole('button', { name: 'Close' }).click();
    await expect(editCategory).toBeHidden();
    await expect(categoryRow.getByText('Inactive', { exact: true })).toBeVisible();
    expect((await request.get(`/api/categories/${categoryId}`)).status()).toBe(404);
    await snap(page, testInfo, 'taxonomy-category-inactive');
    await expectAxeClean(page);

    // Activate it again, from the note its components column shows while it is inactive.
    if (!isDesktop(testInfo)) await categoryRow.getByRole('link', { name: new RegExp(categoryName) }).click();
    await expect(components.getByText(`${categoryName} is hidden from the site, and its components with it.`)).toBeVisible();
    await components.getByRole('button', { name: 'Activate category' }).click();
    await expect(components.getByRole('button', { name: 'Activate category' })).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `${categoryName} activated` })).toBeVisible();
    expect((await request.get(`/api/categories/${categoryId}`)).status()).toBe(200);
    if (isDesktop(testInfo)) await expect(categoryRow.getByText('Inactive', { exact: true })).toHaveCount(0);
    await snap(page, testInfo, 'taxonomy-category-active');
  },
);

test(
  'delete explains in plain words what still uses an entry, and removes one that is free',
  { tag: '@desk' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const suffix = uniqueSuffix(testInfo.project.name);
    const categoryName = `E2E Delete ${suffix}`;
    const componentName = `Clasp ${suffix}`;
    const token = await accessToken(request, 'admin');
    const auth = { Authorization: `Bearer ${token}` };
    const created = await request.post('/api/categories', { headers: auth, data: { name: categoryName } });
    expect(created.status()).toBe(201);
    const categoryId = ((await created.json()) as { id: string }).id;

    // A link straight to the category opens it, wherever it sits in the list.
    await signInByApi(page, 'admin');
    await page.goto(`/dashboard/admin/taxonomy?category=${categoryId}`);
    await settled(page);
    const components = componentsColumn(page, categoryName);
    await expect(components.getByText(`${categoryName} has no components yet`)).toBeVisible();
    if (!isDesktop(testInfo)) await components.getByRole('link', { name: 'Categories' }).click();
    await findCategory(page, categoryName);
    const categoryRow = categoriesColumn(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: new RegExp(categoryName) }) });
    await categoryRow.getByRole('button', { name: `Edit ${categoryName}` }).click();
    const editCategory = page.getByRole('dialog', { name: categoryName, exact: true });
    await expect(editCategory.getByRole('button', { name: 'Delete category' })).toBeVisible();

    // Meanwhile someone adds a component to it: the delete is refused (409) and the reason is named.
    const component = await request.post('/api/components', { headers: auth, data: { name: componentName, categoryId } });
    expect(component.status()).toBe(201);
    await editCategory.getByRole('button', { name: 'Delete category' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${categoryName}?` });
    await confirm.getByRole('button', { name: 'Delete category' }).click();
    // The question closes; the reason takes the place of the Delete action, and the counts follow.
    await expect(confirm).toBeHidden();
    await expect(editCategory.getByRole('alert')).toHaveText(
      `${categoryName} is used by 1 component, so it cannot be deleted. Deactivate it instead: it leaves the site and nothing is lost.`,
    );
    await expect(editCategory.getByRole('button', { name: 'Delete category' })).toHaveCount(0);
    await expect(editCategory.getByText('Category · 0 pieces · 1 component')).toBeVisible();
    await snap(page, testInfo, 'taxonomy-delete-refused');
    await expectAxeClean(page);
    await editCategory.getByRole('button', { name: 'Close' }).click();
    await expect(categoryRow).toContainText('0 pieces · 1 component');

    // Delete the component, then the category, now free.
    await categoryRow.getByRole('link', { name: new RegExp(categoryName) }).click();
    await components.getByRole('button', { name: `Edit ${componentName}` }).click();
    const editComponent = page.getByRole('dialog', { name: componentName, exact: true });
    await editComponent.getByRole('button', { name: 'Delete component' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${componentName}?` })
      .getByRole('button', { name: 'Delete component' })
      .click();
    await expect(editComponent).toBeHidden();
    await expect(components.getByText(`${categoryName} has no components yet`)).toBeVisible();

    if (!isDesktop(testInfo)) await components.getByRole('link', { name: 'Categories' }).click();
    await categoryRow.getByRole('button', { name: `Edit ${categoryName}` }).click();
    await expect(editCategory.getByText('Category · 0 pieces · 0 components')).toBeVisible();
    await editCategory.getByRole('button', { name: 'Delete category' }).click();
    await page
      .getByRole('dialog', { name: `Delete ${categoryName}?` })
      .getByRole('button', { name: 'Delete category' })
      .click();
    await expect(editCategory).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `${categoryName} deleted` })).toBeVisible();
    await expect(categoriesColumn(page).getByRole('link', { name: new RegExp(categoryName) })).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]category=/);
    expect((await request.get(`/api/categories/${categoryId}`, { headers: auth })).status()).toBe(404);
  },
);
