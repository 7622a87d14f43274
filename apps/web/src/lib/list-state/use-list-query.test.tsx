import { QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@test/render';
import { useListQuery } from './use-list-query';

describe('useListQuery', () => {
  it('asks for the list while the page renders, before its children, and only once', async () => {
    const queryFn = vi.fn(async () => ['linha']);
    const askedWhenChildRendered: boolean[] = [];
    function Child() {
      askedWhenChildRendered.push(queryFn.mock.calls.length > 0);
      return null;
    }
    function Page() {
      const { data } = useListQuery(queryOptions({ queryKey: ['list', 1], queryFn }));
      return (
        <>
          <Child />
          <p>{data ? data.join() : 'carregando'}</p>
        </>
      );
    }
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <Page />
      </QueryClientProvider>,
    );
    expect((await screen.findByText('linha')).textContent).toBe('linha');
    expect(askedWhenChildRendered[0]).toBe(true);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('marks its failures as the list’s to show (no toast on top of the DataTable’s notice)', async () => {
    const client = createTestQueryClient();
    function Page() {
      const { error } = useListQuery(
        queryOptions({
          queryKey: ['list', 2],
          queryFn: async (): Promise<string[]> => {
            throw new Error('falhou');
          },
        }),
      );
      return <p>{error ? 'falhou' : 'carregando'}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    await screen.findByText('falhou');
    expect(client.getQueryCache().find({ queryKey: ['list', 2] })?.meta?.silentError).toBe(true);
  });
});
