import { screen, fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TopViewed } from '@panel/shared/analytics/analytics-api';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { TopViewedCards } from './top-viewed-cards';

const TOP: TopViewed = {
  period: 7,
  movies: [{ id: 1, title: 'Duna', image: '', total: 1234 }],
  series: [],
};

function renderCards(answers: MockAnswer[]) {
  let call = 0;
  const calls = mockApi({
    'GET /dashboard/top-viewed': () => answers[Math.min(call++, answers.length - 1)] ?? {},
  });
  renderWithProviders(<TopViewedCards />);
  return calls;
}

describe('TopViewedCards (docs/product/screens.md#dashboard)', () => {
  it("titles both charts with the period, draws the one with rows and says 'Nenhum Resultado' for the other", async () => {
    renderCards([{ body: TOP }]);
    expect(await screen.findByText('Filmes mais assistidos')).toBeInTheDocument();
    expect(screen.getByText('Séries mais assistidas')).toBeInTheDocument();
    expect((await screen.findByTestId('top-viewed-movies-period')).textContent).toBe('Últimos 7 dias');
    // The chart's chunk arrives after the data: its loader, then the chart.
    expect(await screen.findByTestId('top-viewed-movies-chart', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('top-viewed-series-empty').textContent).toBe('Nenhum Resultado');
  });

  it("shows each card's failure with 'Tentar novamente', which asks again", async () => {
    const calls = renderCards([{ status: 503, body: {} }, { body: { ...TOP, movies: [] } }]);
    const failure = await screen.findByTestId('top-viewed-movies-error');
    expect(failure.textContent).toContain(
      'Serviço temporariamente indisponível. Tente novamente em instantes.',
    );
    expect(screen.getByTestId('top-viewed-series-error')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('top-viewed-movies-error-retry'));
    expect((await screen.findByTestId('top-viewed-movies-empty')).textContent).toBe('Nenhum Resultado');
    expect(calls.filter((call) => call.path === '/dashboard/top-viewed')).toHaveLength(2);
  });
});
