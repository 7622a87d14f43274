import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterLineChange, refreshAfterPaidLineAction } from './line-refresh';
import { QUERY_ROOTS } from './query-keys';

const LIST = [...QUERY_ROOTS.lines, 'list', { page: 1 }];
const EXPIRING = [...QUERY_ROOTS.dashboard, 'expiring'];
const STATS = [...QUERY_ROOTS.dashboard, 'stats'];
const PROFILE = QUERY_ROOTS.profile;
const COMPLEMENTS = QUERY_ROOTS.complements;

function seeded() {
  const queryClient = new QueryClient();
  for (const key of [LIST, EXPIRING, STATS, PROFILE, COMPLEMENTS]) queryClient.setQueryData(key, {});
  const invalidated = () =>
    [LIST, EXPIRING, STATS, PROFILE, COMPLEMENTS].filter(
      (key) => queryClient.getQueryState(key)?.isInvalidated === true,
    );
  return { queryClient, invalidated };
}

describe('line refresh', () => {
  it('a paid line action refreshes /users, the dashboard (list and counters) and the balance', async () => {
    const { queryClient, invalidated } = seeded();
    await refreshAfterPaidLineAction(queryClient);
    expect(invalidated()).toEqual([LIST, EXPIRING, STATS, PROFILE]);
  });

  it('a free line change refreshes both lists and leaves the balance alone', async () => {
    const { queryClient, invalidated } = seeded();
    await refreshAfterLineChange(queryClient);
    expect(invalidated()).toEqual([LIST, EXPIRING, STATS]);
  });
});
