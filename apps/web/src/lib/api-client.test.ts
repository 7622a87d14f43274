import { afterEach, describe, expect, it, vi } from 'vitest';
import { z, ZodError } from 'zod';
import {
  EARLY_PROFILE_AUTH_KEY,
  EARLY_PROFILE_REQUEST_SCRIPT,
  EARLY_PROFILE_URL,
} from '@panel/shared/web/early-profile-request';
import { API_BASE_PATH } from '@/config/api';
import { STORAGE_KEYS } from '@/config/storage-keys';
import {
  adoptEarlyProfileRequest,
  ApiError,
  apiRequest,
  apiRequestNoContent,
  startEarlyRequest,
} from './api-client';
import { writeStoredAuth } from './auth-storage';

/** Any JSON: these tests are about the transport; the parse has its own tests below. */
const anything = z.unknown();

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body?: unknown) {
  const fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
        status,
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('calls /api with JSON and the stored bearer token', async () => {
    writeStoredAuth({ token: 'abc.def', user: { id: 1, username: 'ana' } });
    const fetchMock = answer(200, { ok: true });
    await expect(
      apiRequest('/profile', anything, { method: 'POST', body: { dark_mode: 1 } }),
    ).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/profile');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"dark_mode":1}');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer abc.def',
      'Content-Type': 'application/json',
    });
  });

  it('sends no Authorization header without a stored login; a 204 is read by apiRequestNoContent', async () => {
    const fetchMock = answer(204);
    await expect(apiRequestNoContent('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('resolves with the answer parsed by the schema (unknown keys dropped)', async () => {
    answer(200, { id: 3, extra: 'x' });
    await expect(apiRequest('/thing', z.object({ id: z.number() }))).resolves.toEqual({ id: 3 });
  });

  it('rejects an answer the schema refuses, instead of handing it on unchecked', async () => {
    answer(200, { id: 'three' });
    const error = await apiRequest('/thing', z.object({ id: z.number() })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ZodError);
  });

  it('a schema still loading: the request leaves at once, the parse waits for the schema', async () => {
    const fetchMock = answer(200, { ok: true });
    let loadSchema: (schema: z.ZodType<{ ok: boolean }>) => void = () => {};
    const schema = new Promise<z.ZodType<{ ok: boolean }>>((resolve) => (loadSchema = resolve));
    const pending = apiRequest('/auth/captcha', schema);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    loadSchema(z.object({ ok: z.boolean() }));
    await expect(pending).resolves.toEqual({ ok: true });
  });

  it('throws a typed ApiError with the parsed error body', async () => {
    answer(401, { status: 401, code: 'session_locked', message: 'Sessão bloqueada', field: 'password' });
    const error = await apiRequest('/profile', anything).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'session_locked', field: 'password', network: false });
  });

  it('an error page that is not JSON still gives the status', async () => {
    answer(502, '<html>Bad gateway</html>');
    const error = await apiRequest('/news', anything).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, body: undefined, code: undefined });
  });

  it('no answer at all is a network ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest('/news', anything).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ network: true, status: undefined });
  });
});

describe('apiRequest timing', () => {
  it('sends the request before returning, so a request made during a render leaves at once', async () => {
    const fetchMock = answer(200, { ok: true });
    const pending = apiRequest('/users?page=1', anything);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await pending;
  });
});

describe('startEarlyRequest', () => {
  afterEach(() => vi.useRealTimers());

  it('asks at once; the next GET of that path takes the answer instead of asking again, once', async () => {
    writeStoredAuth({ token: 'early.token', user: { id: 1, username: 'ana' } });
    const fetchMock = answer(200, { status: true, id: 1 });
    startEarlyRequest('/profile');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer early.token' });
    await expect(apiRequest('/profile', anything)).resolves.toEqual({ status: true, id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await apiRequest('/profile', anything);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used by another login, by a write, or after 10 s', async () => {
    writeStoredAuth({ token: 'first.token', user: { id: 1, username: 'ana' } });
    const fetchMock = answer(200, { ok: true });
    startEarlyRequest('/profile');
    writeStoredAuth({ token: 'second.token', user: { id: 2, username: 'bia' } });
    await apiRequest('/profile', anything);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    startEarlyRequest('/news');
    await apiRequest('/news', anything, { method: 'POST', body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(4);

    vi.useFakeTimers({ toFake: ['Date'] });
    startEarlyRequest('/complements');
    vi.setSystemTime(Date.now() + 10_001);
    await apiRequest('/complements', anything);
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('asks nothing without a stored login', () => {
    localStorage.clear();
    const fetchMock = answer(200, {});
    startEarlyRequest('/profile');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("the signed-in pages' early profile request (decision 0110)", () => {
  /** The page's inline script, run as the browser runs it, then taken over as the client does at load. */
  function runPageScript() {
    new Function(EARLY_PROFILE_REQUEST_SCRIPT)();
    adoptEarlyProfileRequest();
  }

  it('reads the session where the panel stores it and asks where the client would', () => {
    expect(EARLY_PROFILE_AUTH_KEY).toBe(STORAGE_KEYS.auth);
    expect(EARLY_PROFILE_URL).toBe(`${API_BASE_PATH}/profile`);
  });

  it("is the profile request's answer, once, with the stored token", async () => {
    writeStoredAuth({ token: 'page.token', user: { id: 1, username: 'ana' } });
    const fetchMock = answer(200, { status: true, id: 1 });
    runPageScript();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/profile');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer page.token' });
    await expect(apiRequest('/profile', anything)).resolves.toEqual({ status: true, id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await apiRequest('/profile', anything);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('hands an ended session (401) to the caller as any answer', async () => {
    writeStoredAuth({ token: 'gone.token', user: { id: 1, username: 'ana' } });
    answer(401, { status: 401, code: 'unauthorized', message: 'x' });
    runPageScript();
    await expect(apiRequest('/profile', anything)).rejects.toMatchObject({ status: 401 });
  });

  it('is dropped when the login changed since the page asked, and asks nothing without one', async () => {
    writeStoredAuth({ token: 'old.token', user: { id: 1, username: 'ana' } });
    const fetchMock = answer(200, { ok: true });
    runPageScript();
    writeStoredAuth({ token: 'new.token', user: { id: 2, username: 'bia' } });
    await apiRequest('/profile', anything);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer new.token' });

    localStorage.clear();
    runPageScript();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
