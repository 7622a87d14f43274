import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProfile } from '@test/fixtures/profile';
import { startEarlyRequest } from '../api-client';
import { writeStoredAuth } from '../auth-storage';
import { SessionGoneError } from '../session-failure';
import { getProfile } from './profile-query';

afterEach(() => vi.unstubAllGlobals());

function answer(body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('getProfile', () => {
  it('takes the answer startEarlyRequest asked for at start (decision 0020), parsed', async () => {
    writeStoredAuth({ token: 'early.token', user: { id: 7, username: 'revenda01' } });
    const fetchMock = answer({ ...buildProfile({ credits: '12.50' }), extra: 'dropped' });
    startEarlyRequest('/profile');
    const profile = await getProfile();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(profile).toEqual(buildProfile({ credits: '12.50' }));
  });

  it('an answer without status: true means the login is gone', async () => {
    answer({ ...buildProfile(), status: false });
    await expect(getProfile()).rejects.toBeInstanceOf(SessionGoneError);
  });
});
