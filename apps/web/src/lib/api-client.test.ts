import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, startEarlyRequest } from './api-client';
import { writeStoredAuth } from './auth-storage';

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
    await expect(apiRequest('/profile', { method: 'POST', body: { dark_mode: 1 } })).resolves.toEqual({
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

  it('sends no Authorization header without a stored login, and resolves 204 to undefined', async () => {
    const fetchMock = answer(204);
    await expect(apiRequest('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
  });

  it('throws a typed ApiError with the parsed error body', async () => {
    answer(401, { status: 401, code: 'session_locked', message: 'Sessão bloqueada', field: 'password' });
    const error = await apiRequest('/profile').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'session_locked', field: 'password', network: false });
  });

  it('an error page that is not JSON still gives the status', async () => {
    answer(502, '<html>Bad gateway</html>');
    const error = await apiRequest('/news').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, body: undefined, code: undefined });
  });

  it('no answer at all is a network ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await apiRequest('/news').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ network: true, status: undefined });
  });
});

describe('apiRequest timing', () => {
  it('sends the request before returning, so a request made during a render leaves at once', async () => {
    const fetchMock = answer(200, { ok: true });
    const pending = apiRequest('/users?page=1');
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
    await expect(apiRequest('/profile')).resolves.toEqual({ status: true, id: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await apiRequest('/profile');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not used by another login, by a write, or after 10 s', async () => {
    writeStoredAuth({ token: 'first.token', user: { id: 1, username: 'ana' } });
    const fetchMock = answer(200, { ok: true });
    startEarlyRequest('/profile');
    writeStoredAuth({ token: 'second.token', user: { id: 2, username: 'bia' } });
    await apiRequest('/profile');
    expect(fetchMock).toHaveBeenCalledTimes(2);

    startEarlyRequest('/news');
    await apiRequest('/news', { method: 'POST', body: {} });
    expect(fetchMock).toHaveBeenCalledTimes(4);

    vi.useFakeTimers({ toFake: ['Date'] });
    startEarlyRequest('/complements');
    vi.setSystemTime(Date.now() + 10_001);
    await apiRequest('/complements');
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('asks nothing without a stored login', () => {
    localStorage.clear();
    const fetchMock = answer(200, {});
    startEarlyRequest('/profile');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
