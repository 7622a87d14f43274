import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { createTestQueryClient, renderWithProviders } from '@test/render';
import { newsQueryOptions, type News } from '../api/get-news';
import { ImportantMessage } from './important-message';
import { ImportantMessageModal } from './important-message-modal';

const LONG = 'A'.repeat(100) + ' manutenção programada para domingo às 03h, '.repeat(3);

describe('ImportantMessage', () => {
  it('cuts a long message to 120 characters and toggles the full text with "Ver mais"', () => {
    renderWithProviders(<ImportantMessage message={LONG} />);
    const text = screen.getByTestId('important-message');
    expect(text.textContent).toBe(`${LONG.trim().slice(0, 120)}...`);

    fireEvent.click(screen.getByRole('button', { name: 'Ver mais' }));
    expect(text.textContent).toBe(LONG);

    fireEvent.click(screen.getByRole('button', { name: 'Ver menos' }));
    expect(text.textContent).toBe(`${LONG.trim().slice(0, 120)}...`);
  });

  it('shows a message of 120 characters or less whole, without the toggle', () => {
    const exact = 'B'.repeat(120);
    renderWithProviders(<ImportantMessage message={exact} />);
    expect(screen.getByTestId('important-message').textContent).toBe(exact);
    expect(screen.queryByRole('button', { name: 'Ver mais' })).toBeNull();
  });

  it('keeps bold and italic but renders everything else as inert text', () => {
    const html =
      '<p><b>Atenção</b> <em>revendas</em></p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">link</a>';
    const { container } = renderWithProviders(<ImportantMessage message={html} />);
    const text = screen.getByTestId('important-message');
    expect(text.querySelector('b')?.textContent).toBe('Atenção');
    expect(text.querySelector('em')?.textContent).toBe('revendas');
    expect(container.querySelector('img, script, a[href]')).toBeNull();
    expect(text.textContent).toContain('link');
  });

  it('keeps bold and italic in the cut text too', () => {
    const html = `<p><b>Atenção:</b> <i>${'D'.repeat(200)}</i></p>`;
    renderWithProviders(<ImportantMessage message={html} />);
    const text = screen.getByTestId('important-message');
    expect(text.querySelector('b')?.textContent).toBe('Atenção:');
    expect(text.querySelector('i')?.textContent).toBe(`${'D'.repeat(111)}...`);
    expect(text.textContent).toHaveLength(123);
  });

  it('counts the 120 characters on the text, not on the markup', () => {
    const html = `<p><strong>${'C'.repeat(150)}</strong></p>`;
    renderWithProviders(<ImportantMessage message={html} />);
    expect(screen.getByTestId('important-message').textContent).toBe(`${'C'.repeat(120)}...`);
  });
});

describe('ImportantMessageModal', () => {
  afterEach(() => vi.useRealTimers());

  /** Lets time pass, then lets a modal that opened finish its transition. */
  async function passTime(ms: number) {
    await act(() => vi.advanceTimersByTimeAsync(ms));
    await act(() => vi.advanceTimersByTimeAsync(500));
  }

  function renderModal(news: News) {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(newsQueryOptions().queryKey, news);
    return renderWithProviders(<ImportantMessageModal />, { queryClient });
  }

  it('opens 3 s after load, once: closing sets the flag', async () => {
    vi.useFakeTimers();
    renderModal({ message: 'Manutenção hoje à noite.', show_modal_message: true });

    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByText('Aviso!')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    // The modal's own opening transition.
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getAllByText('Aviso!')).toHaveLength(1);
    expect(screen.getAllByText('Manutenção hoje à noite.')).toHaveLength(1);

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(localStorage.getItem(STORAGE_KEYS.messageModalShown)).toBe('true');
  });

  it('stays closed when the flag exists or the message is switched off', async () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.messageModalShown, 'true');
    const first = renderModal({ message: 'Aviso antigo', show_modal_message: true });
    await passTime(5000);
    expect(screen.queryByText('Aviso!')).toBeNull();
    first.unmount();

    localStorage.clear();
    renderModal({ message: 'Aviso desligado', show_modal_message: false });
    await passTime(5000);
    expect(screen.queryByText('Aviso!')).toBeNull();
  });
});
