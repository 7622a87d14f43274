import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reminder, ReminderList } from '@panel/shared/reminders/reminders-api';
import type { ReminderWindow } from '@panel/shared/reminders/reminder-windows';
import { cleanNotifications } from '@test/line-action-kit';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { RemindersPage } from './reminders-page';

afterEach(cleanNotifications);

const reminder = (id: number, sentAt: string | null = null): Reminder => ({
  line_id: id,
  username: `cliente${id}`,
  full_name: `Cliente ${id}`,
  phone: '11988887777',
  exp_date: '2026-12-01T15:00:00.000Z',
  message: `Olá Cliente ${id}! Seu acesso vence em breve: https://painel.exemplo.com/cliente`,
  whatsapp_url: `https://wa.me/5511988887777?text=Ol%C3%A1%20${id}`,
  sent_at: sentAt,
});

const list = (window: ReminderWindow, data: Reminder[]): ReminderList => ({
  window,
  data,
  counts: { '7': 2, '3': 0, '1': 1, expired: 0 },
});

describe('/reminders (decision 0171)', () => {
  it('lists a window with its counts, opens WhatsApp from the link and marks the reminder as sent', async () => {
    let sent = false;
    const calls = mockApi({
      'GET /reminders': (call) => {
        const window = (call.query.get('window') ?? '7') as ReminderWindow;
        if (window === '1') return { body: list('1', [reminder(9)]) };
        return { body: list('7', [reminder(1, sent ? '2026-11-28T10:00:00.000Z' : null), reminder(2)]) };
      },
      'POST /reminders/1/sent': () => {
        sent = true;
        return { body: { sent_at: '2026-11-28T10:00:00.000Z' } };
      },
    });
    renderWithProviders(
      <>
        <Notifications />
        <RemindersPage />
      </>,
    );
    const cards = await screen.findAllByTestId('reminder-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByText('Vencem em 7 dias (2)')).toBeInTheDocument();
    const send = within(cards[0]!).getByTestId('reminder-send');
    expect(send).toHaveAttribute('href', 'https://wa.me/5511988887777?text=Ol%C3%A1%201');
    expect(send).toHaveAttribute('target', '_blank');
    send.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(send);
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('reminder-card')[0]!).getByTestId('reminder-sent'),
      ).toBeInTheDocument(),
    );
    expect(calls.find((call) => call.path === '/reminders/1/sent')?.body).toEqual({ window: '7' });

    fireEvent.click(screen.getByText('Vencem em 1 dia (1)'));
    await waitFor(() => expect(screen.getByText('Cliente 9')).toBeInTheDocument());
  });
});
