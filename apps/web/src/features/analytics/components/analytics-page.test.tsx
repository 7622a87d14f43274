import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyticsRow } from '@panel/shared/analytics/analytics-api';
import { buildProfile } from '@test/fixtures/profile';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { AnalyticsPage } from './analytics-page';

afterEach(() => {
  cleanNotifications();
  localStorage.clear();
});

const row = (id: number, title: string, total: number, image = '', queued = false): AnalyticsRow => ({
  id,
  title,
  image,
  total,
  percentage: Math.round((total * 10000) / 1500) / 100,
  removal_status: queued ? 0 : null,
});

const page = (rows: AnalyticsRow[]) =>
  ({ body: { data: rows, meta: { page: 1, pages: 1, per: 10, total: rows.length } } }) satisfies MockAnswer;

function renderPage(type: 'streams' | 'series' = 'streams') {
  return renderWithProviders(
    <>
      <Notifications />
      <AnalyticsPage profile={buildProfile({ type: 'admin' })} type={type} />
    </>,
  );
}

describe('/admin/analytics/{type} (docs/product/screens.md#analytics)', () => {
  it('asks the whole period most viewed first; shows poster, title and views; the period select changes it', async () => {
    const calls = mockApi({
      'GET /analytics/views': page([row(1, 'Matrix', 1200, 'http://img/matrix.jpg'), row(2, 'Up', 300)]),
    });
    renderPage();
    const rows = await screen.findAllByTestId('analytics-table-row');
    expect(rows).toHaveLength(2);
    expect(calls[0]?.query.get('type')).toBe('streams');
    expect(calls[0]?.query.get('period')).toBe('90');
    expect(calls[0]?.query.get('order_by')).toBe('total,desc');
    expect(within(rows[0]!).getByRole('img', { name: 'Matrix' }).getAttribute('src')).toBe(
      'http://img/matrix.jpg',
    );
    expect(within(rows[0]!).getByTestId('analytics-views').textContent).toBe('1.200 (80%)');
    expect(within(rows[1]!).getByTestId('analytics-no-poster')).toBeInTheDocument();
    expect(screen.getByTestId('sort-total').dataset.sort).toBe('descending');

    fireEvent.click(screen.getByTestId('analytics-period'));
    const listbox = (await screen.findByRole('option', { name: 'Hoje' })).closest('[role="listbox"]');
    const options = [...(listbox?.querySelectorAll('[role="option"]') ?? [])];
    expect(options.map((option) => option.textContent)).toEqual([
      'Todo o período (90 dias)',
      'Hoje',
      '3 dias',
      '7 dias',
      '14 dias',
      '30 dias',
      '60 dias',
    ]);
    fireEvent.click(options.find((option) => option.textContent === '7 dias') as Element);
    await waitFor(() => expect(calls.at(-1)?.query.get('period')).toBe('7'));
    fireEvent.click(screen.getByTestId('sort-total'));
    await waitFor(() => expect(calls.at(-1)?.query.get('order_by')).toBe(null));
    fireEvent.click(screen.getByTestId('sort-total'));
    await waitFor(() => expect(calls.at(-1)?.query.get('order_by')).toBe('total,asc'));
  });

  it('the trash action sends the series with media type 5 and toasts; a refusal shows its message', async () => {
    let answer: MockAnswer = {
      status: 201,
      body: {
        id: 9,
        media_id: 4,
        media_type: 5,
        stream_id: null,
        stream_name: null,
        serie_id: 4,
        serie_name: 'Dark',
        media_title: 'Dark',
        reseller_username: 'admin',
        status: 0,
        created_at: '2026-11-24T12:00:00.000Z',
        updated_at: '2026-11-24T12:00:00.000Z',
      },
    };
    const calls = mockApi({
      'GET /analytics/views': page([row(4, 'Dark', 50)]),
      'POST /catalog/garbage': () => answer,
    });
    renderPage('series');
    const trash = await screen.findByRole('button', { name: 'Enviar para a lixeira: Dark' });
    fireEvent.click(trash);
    expect(await screen.findByText('Título enviado para a lixeira')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ media_type: 5, media_id: 4 });

    answer = {
      status: 409,
      body: { status: 409, code: 'conflict', message: 'Este título já está na fila de exclusão.' },
    };
    fireEvent.click(screen.getByRole('button', { name: 'Enviar para a lixeira: Dark' }));
    expect(await screen.findByText('Este título já está na fila de exclusão.')).toBeInTheDocument();
  });

  it('a queued item says so and its trash action is disabled', async () => {
    mockApi({ 'GET /analytics/views': page([row(4, 'Dark', 50, '', true), row(5, 'Lost', 10)]) });
    renderPage('series');
    const rows = await screen.findAllByTestId('analytics-table-row');
    expect(within(rows[0]!).getByTestId('analytics-queued').textContent).toBe('Na fila de exclusão');
    expect(within(rows[0]!).getByTestId('analytics-trash')).toBeDisabled();
    expect(within(rows[1]!).queryByTestId('analytics-queued')).toBeNull();
    expect(within(rows[1]!).getByTestId('analytics-trash')).toBeEnabled();
  });

  it("says 'Nenhum Resultado' when nothing was watched, and a failed load retries", async () => {
    let fail = true;
    mockApi({
      'GET /analytics/views': () =>
        fail
          ? {
              status: 503,
              body: { status: 503, code: 'service_unavailable', message: 'Serviço indisponível.' },
            }
          : page([]),
    });
    renderPage();
    const retry = await screen.findByTestId('analytics-table-error-retry');
    fail = false;
    fireEvent.click(retry);
    expect((await screen.findByTestId('analytics-table-empty')).textContent).toContain('Nenhum Resultado');
  });
});
