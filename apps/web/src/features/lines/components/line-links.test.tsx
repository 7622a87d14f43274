import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playlistLinks } from '@panel/shared/content/playlist-links';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { actionResult, buildModalLine, cleanNotifications, renderActionModal } from '@test/line-action-kit';
import { Notifications } from '@mantine/notifications';
import { LineInfoModal } from './actions/line-info-modal';
import { LineCreatedModal } from './line-created-modal';
import { LineLinks } from './line-links';

const BASE = 'http://tv.exemplo.com:8080';
const LINKS = playlistLinks(BASE, 'cliente01', 'senha@19');
const LINKS_ANSWER = { body: { links: LINKS } };
const SERVER_DOWN = {
  status: 503,
  body: { status: 503, code: 'service_unavailable', message: 'Serviço indisponível.' },
};

const writeText = vi.fn((_text: string) => Promise.resolve());
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(cleanNotifications);

const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

describe('LineLinks (docs/product/screens.md#line-links)', () => {
  it('shows the five addresses with their labels, in order, as the server built them', async () => {
    const calls = mockApi({ 'GET /users/31/links': LINKS_ANSWER });
    renderWithProviders(<LineLinks lineId={31} testId="links" />);
    expect(screen.getAllByTestId('links-loading')).toHaveLength(1);
    await screen.findByTestId('links');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /users/31/links']);
    expect(value('links-playerApiBase')).toBe(BASE);
    expect(value('links-m3u')).toBe(LINKS.m3u);
    expect(value('links-m3uPlus')).toBe(LINKS.m3uPlus);
    expect(value('links-hls')).toBe(LINKS.hls);
    expect(value('links-epg')).toBe(LINKS.epg);
    const labels = Array.from(screen.getByTestId('links').querySelectorAll('label')).map(
      (label) => label.textContent,
    );
    expect(labels).toEqual(['URL do servidor', 'M3U', 'M3U Plus', 'HLS', 'EPG']);
  });

  it("copies one address and says 'Copiado!' on that button only", async () => {
    mockApi({ 'GET /users/31/links': LINKS_ANSWER });
    renderWithProviders(<LineLinks lineId={31} testId="links" />);
    const m3uPlus = await screen.findByTestId('links-m3uPlus-copy');
    expect(m3uPlus.getAttribute('aria-label')).toBe('Copiar M3U Plus');
    fireEvent.click(m3uPlus);
    await waitFor(() => expect(m3uPlus.getAttribute('aria-label')).toBe('Copiado!'));
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText).toHaveBeenCalledWith(LINKS.m3uPlus);
    expect(screen.getByTestId('links-epg-copy').getAttribute('aria-label')).toBe('Copiar EPG');
  });

  it('copies without the Clipboard API (a panel on plain HTTP) through the fallback', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    mockApi({ 'GET /users/31/links': LINKS_ANSWER });
    renderWithProviders(<LineLinks lineId={31} testId="links" />);
    const button = await screen.findByTestId('links-playerApiBase-copy');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Copiado!'));
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it("a failed load says why and 'Tentar novamente' asks again", async () => {
    let answer = SERVER_DOWN as { status?: number; body: unknown };
    const calls = mockApi({ 'GET /users/31/links': () => answer });
    renderWithProviders(<LineLinks lineId={31} testId="links" />);
    expect((await screen.findByTestId('links-error-message')).textContent).toBe('Serviço indisponível.');
    answer = LINKS_ANSWER;
    fireEvent.click(screen.getByTestId('links-error-retry'));
    await screen.findByTestId('links');
    expect(value('links-hls')).toBe(LINKS.hls);
    expect(calls).toHaveLength(2);
  });
});

describe("'Informações do usuário'", () => {
  it('shows username, password, expiry, screens, service and the links', async () => {
    mockApi({ 'GET /users/31/links': LINKS_ANSWER });
    const line = buildModalLine({ system: 3, max_connections: 2, macaddr: 'aa:bb:cc:dd:ee:ff' });
    const { onClose } = renderActionModal(LineInfoModal, line);
    expect(screen.getAllByText(`Informações do usuário - ${line.username}`)).toHaveLength(1);
    expect(screen.getByTestId('line-info-username').textContent).toBe(line.username);
    expect(screen.getByTestId('line-info-password').textContent).toBe('senha@19');
    expect(screen.getByTestId('line-info-expiry').textContent).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(screen.getByTestId('line-info-screens').textContent).toBe('2');
    expect(screen.getByTestId('line-info-system').textContent).toBe('Híbrido');
    await screen.findByTestId('line-info-links');
    expect(value('line-info-links-m3u')).toBe(LINKS.m3u);
    fireEvent.click(screen.getByTestId('line-info-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('the success modal after a creation', () => {
  const renderCreated = (system: 1 | 2 | 3) => {
    const line = buildModalLine({ system, macaddr: system === 1 ? null : 'aa:bb:cc:dd:ee:ff' });
    return renderWithProviders(
      <>
        <Notifications />
        <LineCreatedModal result={actionResult(line, '1.00')} onClose={() => undefined} />
      </>,
    );
  };

  it('shows the links of a new IPTV line with their copy buttons', async () => {
    mockApi({ 'GET /users/31/links': LINKS_ANSWER });
    renderCreated(1);
    await screen.findByTestId('line-created-links');
    expect(value('line-created-links-playerApiBase')).toBe(BASE);
    fireEvent.click(screen.getByTestId('line-created-links-epg-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(LINKS.epg));
  });

  it('asks for no links for a P2P line', async () => {
    const calls = mockApi({ 'GET /users/31/provisioning': { body: { provisioning: null } } });
    renderCreated(2);
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.queryAllByTestId('line-created-links')).toHaveLength(0);
    expect(screen.queryAllByTestId('line-created-links-loading')).toHaveLength(0);
    expect(calls.map((call) => call.path)).not.toContain('/users/31/links');
  });
});
