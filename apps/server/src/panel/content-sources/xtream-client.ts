import { CONTENT_MESSAGES } from '@panel/shared/content-sources/content-sources-api';
import type { Readable } from 'node:stream';
import { fetchJson, openTextStream, SyncError, type InputOptions } from './upstream-input';

/**
 * The player API of an upstream Xtream-compatible server, as the importer reads it
 * (docs/product/api.md#content-import). Answers are loosely typed: providers differ (numbers as strings,
 * empty arrays for objects), so every field is read through the helpers below.
 */
export type Json = Record<string, unknown>;

export interface XtreamCredentials {
  base: string;
  username: string;
  password: string;
}

export function trimBase(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The upstream's stream URL of a row: `${base}/live|movie|series/U/P/ID.ext` (it carries the credentials). */
export function upstreamStreamUrl(
  credentials: XtreamCredentials,
  segment: 'live' | 'movie' | 'series',
  id: string,
  extension: string,
): string {
  const user = encodeURIComponent(credentials.username);
  const pass = encodeURIComponent(credentials.password);
  return `${trimBase(credentials.base)}/${segment}/${user}/${pass}/${id}.${extension}`;
}

export function xmltvUrl(credentials: XtreamCredentials): string {
  const query = new URLSearchParams({ username: credentials.username, password: credentials.password });
  return `${trimBase(credentials.base)}/xmltv.php?${query.toString()}`;
}

export const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export const numberOr = (value: unknown, fallback: number): number => {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(text(value));
  return Number.isFinite(parsed) ? parsed : fallback;
};

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function refusedCredentials(answer: unknown): boolean {
  if (!isObject(answer) || !isObject(answer.user_info)) return false;
  return Number(answer.user_info.auth) === 0;
}

export interface XtreamClient {
  /**
   * Checks the credentials (player_api.php without action); wrong ones fail with a Portuguese message.
   * Answers the login block.
   */
  authenticate(): Promise<Json>;
  list(action: string): Promise<Json[]>;
  object(action: string, params: Record<string, string>): Promise<Json>;
  guide(): Promise<Readable>;
}

export function createXtreamClient(credentials: XtreamCredentials, options: InputOptions): XtreamClient {
  const call = async (action: string | undefined, params: Record<string, string> = {}) => {
    const query = new URLSearchParams({
      username: credentials.username,
      password: credentials.password,
      ...(action ? { action } : {}),
      ...params,
    });
    const answer = await fetchJson(
      `${trimBase(credentials.base)}/player_api.php?${query.toString()}`,
      options,
    );
    if (refusedCredentials(answer)) throw new SyncError(CONTENT_MESSAGES.upstreamAuthFailed);
    return answer;
  };
  return {
    async authenticate() {
      const answer = await call(undefined);
      if (!isObject(answer) || !isObject(answer.user_info)) {
        throw new SyncError(CONTENT_MESSAGES.upstreamInvalidAnswer);
      }
      return answer;
    },
    async list(action) {
      const answer = await call(action);
      if (Array.isArray(answer)) return answer.filter(isObject);
      // Some providers answer an empty list as {} or null.
      if (answer === null || (isObject(answer) && Object.keys(answer).length === 0)) return [];
      throw new SyncError(`${CONTENT_MESSAGES.upstreamInvalidAnswer} (${action})`);
    },
    async object(action, params) {
      const answer = await call(action, params);
      return isObject(answer) ? answer : {};
    },
    guide: () => openTextStream(xmltvUrl(credentials), options),
  };
}

/**
 * Runs `work` over `items` with at most `limit` at a time. After a failure no new item starts, and the
 * first error is thrown once the ones in flight have ended (nothing writes after the sync has failed).
 */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const runner = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await work(items[index] as T, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, runner));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}
