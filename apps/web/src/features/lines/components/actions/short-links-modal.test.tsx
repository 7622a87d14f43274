import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SHORT_LINK_MESSAGES, type ShortLink } from '@panel/shared/domains/short-links-api';
import { mockApi } from '@test/mock-api';
import { buildModalLine, cleanNotifications } from '@test/line-action-kit';
import { renderWithProviders } from '@test/render';
import { ShortLinksModal } from './short-links-modal';

const writeText = vi.fn(() => Promise.resolve());
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(cleanNotifications);

const DOMAINS = {
  data: [
    { id: 4, domain: 'tv.revenda.com', is_default: true },
    { id: 9, domain: 'play.revenda.net', is_default: false },
  ],
};
const link = (id: number, type: ShortLink['type'], code: string): ShortLink => ({
  id,
  code,
  type,
  domain: 'tv.revenda.com',
  url: `https://${type === 'ssiptv' ? 'ss.' : ''}tv.revenda.com/${code}`,
  created_at: '2026-11-24T10:00:00.000Z',
});

function renderModal() {
  const onClose = vi.fn();
  renderWithProviders(
    <MemoryRouter>
      <Notifications />
      <ShortLinksModal line={buildModalLine()} opened onClose={onClose} />
    </MemoryRouter>,
  );
  return { onClose };
}

describe('ShortLinksModal (docs/product/screens.md#short-links)', () => {
  it('lists the line’s links with their type and address; copying says so', async () => {
    mockApi({
      'GET /short-links/domains': { body: DOMAINS },
      'GET /users/31/short-links': {
        body: { data: [link(2, 'ssiptv', 'Ab3dE9x'), link(1, 'hls', 'Qw7rT2y')] },
      },
    });
    renderModal();
    expect(screen.getByText('Links curtos - ' + buildModalLine().username)).toBeInTheDocument();
    const ss = (await screen.findByTestId('short-link-2')) as HTMLInputElement;
    expect(ss.value).toBe('https://ss.tv.revenda.com/Ab3dE9x');
    expect(screen.getByLabelText('SS IPTV')).toBe(ss);
    expect(screen.getByLabelText('Lista HLS (M3U8)')).toBe(screen.getByTestId('short-link-1'));
    fireEvent.click(screen.getByTestId('short-link-1-copy'));
    expect(await screen.findAllByText('Copiado para a área de transferência!')).toHaveLength(1);
    expect(writeText).toHaveBeenCalledWith('https://tv.revenda.com/Qw7rT2y');
  });

  it('creates a link of the chosen type on the chosen domain, then shows it', async () => {
    let links: ShortLink[] = [];
    const calls = mockApi({
      'GET /short-links/domains': { body: DOMAINS },
      'GET /users/31/short-links': () => ({ body: { data: links } }),
      'POST /shorturl': () => {
        links = [link(5, 'epg', 'Zx8cV1b')];
        return { status: 201, body: links[0] };
      },
    });
    renderModal();
    const domain = (await screen.findByTestId('short-links-domain')) as HTMLSelectElement;
    expect(within(domain).getByText('tv.revenda.com (padrão)')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum link curto criado para este usuário.')).toBeInTheDocument();
    const type = screen.getByTestId('short-links-type') as HTMLSelectElement;
    expect([...type.options].map((option) => option.text)).toEqual([
      'Lista M3U (MPEG-TS)',
      'Lista HLS (M3U8)',
      'SS IPTV',
      'Guia de programação (EPG)',
    ]);
    fireEvent.change(type, { target: { value: 'epg' } });
    fireEvent.change(domain, { target: { value: '9' } });
    fireEvent.click(screen.getByTestId('short-links-create'));
    expect(((await screen.findByTestId('short-link-5')) as HTMLInputElement).value).toBe(
      'https://tv.revenda.com/Zx8cV1b',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      user_id: 31,
      type: 'epg',
      domain: 9,
    });
    expect(await screen.findAllByText(SHORT_LINK_MESSAGES.created)).toHaveLength(1);
  });

  it('deletes a link', async () => {
    let links = [link(7, 'mpgets', 'Mn4bV5c')];
    const calls = mockApi({
      'GET /short-links/domains': { body: DOMAINS },
      'GET /users/31/short-links': () => ({ body: { data: links } }),
      'DELETE /short-links/7': () => {
        links = [];
        return { status: 204 };
      },
    });
    renderModal();
    fireEvent.click(await screen.findByTestId('short-link-7-delete'));
    await waitFor(() => expect(screen.queryByTestId('short-link-7')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/short-links/7')).toBe(true);
    expect(await screen.findAllByText(SHORT_LINK_MESSAGES.deleted)).toHaveLength(1);
  });

  it('without a verified domain, says one is needed and links to /domains', async () => {
    mockApi({
      'GET /short-links/domains': { body: { data: [] } },
      'GET /users/31/short-links': { body: { data: [] } },
    });
    renderModal();
    const notice = await screen.findByTestId('short-links-no-domain');
    expect(notice.textContent).toContain(SHORT_LINK_MESSAGES.noVerifiedDomain);
    expect(screen.getByTestId('short-links-domains-link').getAttribute('href')).toBe('/domains');
    expect(screen.queryByTestId('short-links-create')).toBeNull();
  });

  it('shows the server’s refusal of a creation', async () => {
    mockApi({
      'GET /short-links/domains': { body: DOMAINS },
      'GET /users/31/short-links': { body: { data: [] } },
      'POST /shorturl': {
        status: 422,
        body: {
          status: 422,
          code: 'validation_failed',
          message: SHORT_LINK_MESSAGES.domainNotVerified,
          field: 'domain',
        },
      },
    });
    renderModal();
    fireEvent.click(await screen.findByTestId('short-links-create'));
    expect(await screen.findAllByText(SHORT_LINK_MESSAGES.domainNotVerified)).toHaveLength(1);
  });
});
