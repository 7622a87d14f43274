import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Releases } from '@panel/shared/catalog/releases-api';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi, type MockAnswer } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { ReleasesDrawer } from './releases-drawer';

const writeText = vi.fn(() => Promise.resolve());
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(cleanNotifications);

const item = (id: number, title: string) => ({ id, title, image: '', added_at: '2026-11-20T15:00:00Z' });
const RELEASES: Releases = {
  days: 30,
  movies: [item(2, 'Duna: Parte Três'), item(1, 'O Auto & Cia')],
  series: [item(9, 'Ruptura')],
};
const SHARED = '*Novos filmes*\n- Duna: Parte Três\n- O Auto & Cia\n\n*Novas séries*\n- Ruptura';

function renderDrawer(answers: MockAnswer[]) {
  let call = 0;
  const calls = mockApi({
    'GET /catalog/releases': () => answers[Math.min(call++, answers.length - 1)] ?? {},
  });
  renderWithProviders(
    <>
      <Notifications />
      <ReleasesDrawer opened onClose={() => undefined} />
    </>,
  );
  return calls;
}

describe('ReleasesDrawer (docs/product/screens.md#top-bar)', () => {
  it('lists the newest movies and series with their dates, at most 180 px high each', async () => {
    renderDrawer([{ body: RELEASES }]);
    const movies = await screen.findByTestId('releases-movies');
    expect(
      within(movies)
        .getAllByTestId('releases-movies-title')
        .map((node) => node.textContent),
    ).toEqual(['Duna: Parte Três', 'O Auto & Cia']);
    expect(movies.textContent).toContain('20/11/2026');
    expect(movies.style.maxHeight).toBe('180px');
    expect(screen.getByTestId('releases-series').textContent).toContain('Ruptura');
    expect(screen.getByRole('heading', { name: 'Novos filmes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Novas séries' })).toBeInTheDocument();
  });

  it('copies the list with the copy toast and links WhatsApp to the same text', async () => {
    renderDrawer([{ body: RELEASES }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Copiar' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SHARED));
    expect(await screen.findByText('Copiado para a área de transferência!')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Enviar no WhatsApp' });
    expect(link.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(SHARED)}`);
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it("says 'Nenhum Resultado' for an empty library and for an empty list", async () => {
    renderDrawer([{ body: { days: 30, movies: [], series: [] } }]);
    expect((await screen.findByTestId('releases-empty')).textContent).toBe('Nenhum Resultado');
    expect(screen.queryByRole('button', { name: 'Copiar' })).toBeNull();
    cleanNotifications();
  });

  it('shows one empty list beside a full one', async () => {
    renderDrawer([{ body: { ...RELEASES, series: [] } }]);
    expect((await screen.findByTestId('releases-series-empty')).textContent).toBe('Nenhum Resultado');
    expect(screen.getByTestId('releases-movies')).toBeInTheDocument();
  });

  it("shows a failure with 'Tentar novamente', which asks again", async () => {
    const calls = renderDrawer([{ status: 500, body: {} }, { body: RELEASES }]);
    const failure = await screen.findByTestId('releases-error');
    expect(failure.textContent).toContain('Erro no servidor. Por favor, tente novamente mais tarde.');
    fireEvent.click(screen.getByTestId('releases-error-retry'));
    expect(await screen.findByTestId('releases-movies')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/catalog/releases')).toHaveLength(2);
  });
});
