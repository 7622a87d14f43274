import { request } from 'node:http';
import { expect, type Page } from '@playwright/test';
import type { ShortLinkType } from '@panel/shared/domains/short-link-types';
import { lineAction } from '../fixtures/lines';
import { panelPort } from '../fixtures/panel-port';

/**
 * Journey steps of the short links (docs/product/screens.md#short-links, decision 0049), for this part's
 * spec and the combined handover journey.
 */

/**
 * Opens the line's 'Links curtos' modal on /users, creates a link of `type` on the default domain, and
 * returns the address the modal shows for it. The modal is closed again.
 */
export async function makeShortLink(page: Page, username: string, type: ShortLinkType): Promise<string> {
  if (!/\/users$/.test(new URL(page.url()).pathname)) await page.goto('/users');
  await lineAction(page, username, 'short-links');
  const modal = page.getByTestId('short-links-modal');
  await expect(modal).toBeVisible();
  const rows = modal.getByTestId(/^short-link-\d+$/);
  await expect(modal.getByTestId('short-links-create')).toBeEnabled();
  // The list has loaded (rows or the empty notice) before it is counted.
  await expect(rows.first().or(modal.getByTestId('short-links-empty'))).toBeVisible();
  const before = await rows.count();
  await modal.getByTestId('short-links-type').selectOption(type);
  await modal.getByTestId('short-links-create').click();
  await expect(rows).toHaveCount(before + 1);
  // Newest first: the new link is the top row.
  const created = rows.first();
  await expect(created).toHaveAttribute('data-type', type);
  const address = await created.inputValue();
  await modal.getByTestId('short-links-close').click();
  await expect(modal).toBeHidden();
  return address;
}

export interface ShortLinkAnswer {
  status: number;
  body: string;
  /** Every address visited, the short link first. */
  visited: string[];
}

const MAX_HOPS = 5;

/** One GET to the local panel as `host`: Node's fetch would send 127.0.0.1 as the Host, whatever we say. */
function getAs(host: string, path: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port: panelPort(), path, method: 'GET', headers: { host } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Opens a short link as a customer's app would, against the local panel: each request goes to
 * 127.0.0.1:<E2E port> with the address's host as the Host header (the journeys' domains do not resolve
 * here), and redirects are followed by hand. Answers the last response.
 */
export async function fetchShortLink(url: string): Promise<ShortLinkAnswer> {
  const visited: string[] = [];
  let address = new URL(url);
  for (let hop = 0; hop <= MAX_HOPS; hop++) {
    visited.push(address.href);
    const answer = await getAs(address.host, `${address.pathname}${address.search}`);
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      address = new URL(answer.location, address);
      continue;
    }
    return { status: answer.status, body: answer.body, visited };
  }
  throw new Error(`more than ${MAX_HOPS} redirects from ${url}`);
}

/** The playlist or guide a short link leads to; fails unless it ends in 200. */
export async function openShortLink(url: string): Promise<string> {
  const answer = await fetchShortLink(url);
  expect(answer.status, `${answer.visited.join(' → ')}: ${answer.body.slice(0, 200)}`).toBe(200);
  return answer.body;
}
