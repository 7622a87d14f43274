import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@test/mock-api';
import { buildModalLine, cleanNotifications, renderActionModal } from '@test/line-action-kit';
import type { LineSetupMessages } from '@panel/shared/setup-messages/setup-messages-api';
import { WhatsAppModal } from '../actions/whatsapp-modal';
import { LineInfoModal } from '../actions/line-info-modal';

const M3U = 'http://tv.exemplo.com/get.php?username=cliente01&password=senha%4019&type=m3u&output=ts';
const IPTV: LineSetupMessages = {
  data: [
    { app: 'DUPLEX', text: 'Duplex: cliente01 / senha@19', qr: M3U },
    { app: 'SMARTERS', text: 'Smarters: cliente01 & senha@19', qr: M3U },
  ],
  phone: '(11) 98765-4321',
};
const PATH = 'GET /users/31/setup-messages';

const writeText = vi.fn((_text: string) => Promise.resolve());
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(cleanNotifications);

const text = () => (screen.getByTestId('whatsapp-text') as HTMLTextAreaElement).value;
const href = () => screen.getByTestId('whatsapp-send').getAttribute('href');

describe('WhatsApp modal (docs/product/screens.md#users)', () => {
  it('shows the first app’s message, copies it with the toast and links wa.me with 55 and the phone', async () => {
    const calls = mockApi({ [PATH]: { body: IPTV } });
    renderActionModal(WhatsAppModal, buildModalLine());
    expect(screen.getAllByText('Mensagem WhatsApp - cliente01')).toHaveLength(1);
    await screen.findByTestId('whatsapp');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([PATH]);
    expect(text()).toBe('Duplex: cliente01 / senha@19');
    expect(href()).toBe(`https://wa.me/5511987654321?text=${encodeURIComponent(IPTV.data[0]!.text)}`);
    expect(screen.queryAllByTestId('whatsapp-no-phone')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('whatsapp-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Duplex: cliente01 / senha@19'));
    expect(await screen.findByText('Copiado para a área de transferência!')).toBeInTheDocument();
  });

  it('switches the app and the text, the copy and the link follow', async () => {
    mockApi({ [PATH]: { body: IPTV } });
    renderActionModal(WhatsAppModal, buildModalLine());
    const select = await screen.findByTestId('whatsapp-app');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'IPTV Smarters', hidden: true }));
    await waitFor(() => expect(text()).toBe('Smarters: cliente01 & senha@19'));
    expect(href()).toContain(encodeURIComponent('Smarters: cliente01 & senha@19'));
    fireEvent.click(screen.getByTestId('whatsapp-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Smarters: cliente01 & senha@19'));
  });

  it('without a phone says so and sends to the number typed', async () => {
    mockApi({ [PATH]: { body: { ...IPTV, phone: null } } });
    renderActionModal(WhatsAppModal, buildModalLine());
    expect((await screen.findByTestId('whatsapp-no-phone')).textContent).toBe(
      'Este usuário não tem telefone cadastrado. Informe um número para enviar no WhatsApp.',
    );
    expect(href()).toMatch(/^https:\/\/wa\.me\/\?text=/);
    fireEvent.change(screen.getByTestId('whatsapp-phone'), { target: { value: '21 99999-8888' } });
    expect(href()).toMatch(/^https:\/\/wa\.me\/5521999998888\?text=Duplex/);
  });

  it('shows the QR code of the app’s playlist as an image', async () => {
    mockApi({ [PATH]: { body: IPTV } });
    renderActionModal(WhatsAppModal, buildModalLine());
    fireEvent.click(await screen.findByTestId('whatsapp-qr-toggle'));
    const image = (await screen.findByTestId('whatsapp-qr', {}, { timeout: 5000 })) as HTMLImageElement;
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId('whatsapp-qr-toggle').textContent).toBe('Ocultar QR Code');
  });

  it('a P2P line has one message and no QR code; no app selector', async () => {
    mockApi({ [PATH]: { body: { data: [{ app: 'P2P', text: 'P2P: x', qr: null }], phone: null } } });
    renderActionModal(WhatsAppModal, buildModalLine({ system: 2 }));
    await screen.findByTestId('whatsapp');
    expect(text()).toBe('P2P: x');
    expect(screen.queryAllByTestId('whatsapp-app')).toHaveLength(0);
    expect(screen.queryAllByTestId('whatsapp-qr-toggle')).toHaveLength(0);
  });

  it("a failed load says why and 'Tentar novamente' asks again", async () => {
    let answer: { status?: number; body: unknown } = {
      status: 503,
      body: { status: 503, code: 'service_unavailable', message: 'Serviço indisponível.' },
    };
    const calls = mockApi({ [PATH]: () => answer });
    renderActionModal(WhatsAppModal, buildModalLine());
    expect((await screen.findByTestId('whatsapp-error-message')).textContent).toBe('Serviço indisponível.');
    answer = { body: IPTV };
    fireEvent.click(screen.getByTestId('whatsapp-error-retry'));
    await screen.findByTestId('whatsapp');
    expect(calls).toHaveLength(2);
  });
});

describe("'Informações do usuário' with the setup messages", () => {
  it('shows the message block under the links', async () => {
    mockApi({ [PATH]: { body: IPTV }, 'GET /users/31/links': { status: 404, body: {} } });
    renderActionModal(LineInfoModal, buildModalLine());
    const block = await screen.findByTestId('line-info-messages');
    expect((within(block).getByTestId('line-info-messages-text') as HTMLTextAreaElement).value).toBe(
      'Duplex: cliente01 / senha@19',
    );
  });
});
