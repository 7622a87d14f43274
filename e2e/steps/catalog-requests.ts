import { expect, type Locator, type Page } from '@playwright/test';

/** The row of one request in the /requests/catalog table. */
export function requestRow(page: Page, title: string): Locator {
  return page.getByTestId('requests-table-row').filter({
    has: page.getByTestId('request-title').getByText(title, { exact: true }),
  });
}

/**
 * In the open new-request modal: types `text`, waits for the debounced search's results, chooses the one
 * titled `title`, asks for it and sees `answer` (docs/product/screens.md#catalog-requests; a title already
 * requested has its own messages, decision 0071).
 */
export async function askForTitle(
  page: Page,
  text: string,
  title: string,
  answer = 'Nova solicitação adicionada',
): Promise<void> {
  const modal = page.getByTestId('request-new');
  await modal.getByTestId('title-search-input').fill(text);
  await modal.getByTestId('title-result').filter({ hasText: title }).first().click();
  await modal.getByTestId('request-new-submit').click();
  await expect(modal).toBeHidden();
  await expect(page.getByText(answer, { exact: true }).first()).toBeVisible();
}

/** Opens the edit modal of a request and saves `status` (and, for an admin, `publisher`). */
export async function editRequest(
  page: Page,
  title: string,
  change: { status: string; publisher?: string },
): Promise<void> {
  await requestRow(page, title).getByTestId('request-edit-open').click();
  const modal = page.getByTestId('request-edit');
  await modal.getByTestId('request-edit-status').click();
  await page.getByRole('option', { name: change.status, exact: true }).click();
  if (change.publisher) {
    await modal.getByTestId('request-edit-publisher').click();
    await page.getByRole('option', { name: change.publisher, exact: true }).click();
  }
  await modal.getByTestId('request-edit-submit').click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Solicitação editada com sucesso').first()).toBeVisible();
}
