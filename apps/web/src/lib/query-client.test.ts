import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, isRetryable } from './query-client';
import { SessionGoneError } from './session-failure';

const fail = (error: Error) => () => Promise.reject(error);

describe('global query error handling', () => {
  it('401 session_locked goes to the lock screen without an error toast', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const onSessionFailure = vi.fn();
    const client = createQueryClient({ onSessionFailure });
    const locked = new ApiError({
      status: 401,
      body: { status: 401, code: 'session_locked', message: 'x' },
      message: 'x',
    });
    await expect(client.fetchQuery({ queryKey: ['a'], queryFn: fail(locked), retry: false })).rejects.toBe(
      locked,
    );
    expect(onSessionFailure).toHaveBeenCalledWith('locked', locked);
    expect(show).not.toHaveBeenCalled();
  });

  it('a profile without status (and 404 session_not_found) ends the login', async () => {
    vi.spyOn(notifications, 'show').mockReturnValue('id');
    const onSessionFailure = vi.fn();
    const client = createQueryClient({ onSessionFailure });
    const noStatus = new SessionGoneError();
    await expect(
      client.fetchQuery({ queryKey: ['b'], queryFn: fail(noStatus), retry: false }),
    ).rejects.toThrow();
    const gone = new ApiError({
      status: 404,
      body: { status: 404, code: 'session_not_found', message: 'x' },
      message: 'x',
    });
    await expect(client.fetchQuery({ queryKey: ['c'], queryFn: fail(gone), retry: false })).rejects.toBe(
      gone,
    );
    expect(onSessionFailure.mock.calls).toEqual([
      ['gone', noStatus],
      ['gone', gone],
    ]);
  });

  it('any other mutation failure shows the mapped error toast, unless silent', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const client = createQueryClient({ onSessionFailure: vi.fn() });
    const conflict = new ApiError({
      status: 409,
      body: { status: 409, code: 'conflict', message: 'Este MAC address já está em uso.' },
      message: 'x',
    });
    const run = (meta?: { silentError: boolean }) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: fail(conflict), meta })
        .execute(undefined);
    await expect(run()).rejects.toBe(conflict);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0]).toMatchObject({
      title: 'Conflito',
      message: 'Este MAC address já está em uso.',
      color: 'red',
    });

    await expect(run({ silentError: true })).rejects.toBe(conflict);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('retries only network failures and 5xx', () => {
    expect(isRetryable(new ApiError({ network: true, message: 'offline' }))).toBe(true);
    expect(isRetryable(new ApiError({ status: 503, message: 'x' }))).toBe(true);
    expect(isRetryable(new ApiError({ status: 401, message: 'x' }))).toBe(false);
    expect(isRetryable(new SessionGoneError())).toBe(false);
  });
});
