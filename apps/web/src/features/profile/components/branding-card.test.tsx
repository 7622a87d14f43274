import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_PAGE_MESSAGES } from '@panel/shared/customer-page/customer-page-messages';
import { mockApi } from '@test/mock-api';
import { renderWithProviders } from '@test/render';
import { BrandingCard } from './branding-card';

afterEach(() => vi.restoreAllMocks());

const BRANDING = {
  name: 'TV da Maria',
  color: '',
  whatsapp: '+5581987654321',
  logo_url: '/cliente/api/brand/logo/7?v=1',
  customer_page_url: 'https://tv.example.com/',
};

describe('Profile → Página do cliente (decision 0178)', () => {
  it('shows the address and logo, saves without the logo when untouched, removes it on request', async () => {
    const calls = mockApi({
      'GET /profile/branding': { body: BRANDING },
      'PUT /profile/branding': (call) => ({
        body: {
          ...BRANDING,
          ...(call.body as object),
          logo_url: (call.body as { logo?: null }).logo === null ? null : BRANDING.logo_url,
        },
      }),
    });
    renderWithProviders(<BrandingCard />);
    expect(await screen.findByTestId('branding-address')).toHaveValue('https://tv.example.com/');
    expect(screen.getByTestId('branding-logo')).toHaveAttribute('src', BRANDING.logo_url);

    fireEvent.change(screen.getByTestId('branding-whatsapp'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('branding-save'));
    expect(await screen.findByText(CUSTOMER_PAGE_MESSAGES.brandWhatsappInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByTestId('branding-whatsapp'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('branding-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'TV da Maria',
      color: '',
      whatsapp: '',
    });

    fireEvent.click(screen.getByTestId('branding-remove-logo'));
    expect(screen.queryByTestId('branding-logo')).toBeNull();
    fireEvent.click(screen.getByTestId('branding-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')[1]?.body).toMatchObject({ logo: null });
  });

  it('says why it could not load, and loads when asked again', async () => {
    let failures = 1;
    mockApi({
      'GET /profile/branding': () =>
        failures-- > 0 ? { status: 500, body: { message: 'falhou' } } : { body: BRANDING },
    });
    renderWithProviders(<BrandingCard />);
    fireEvent.click(await screen.findByTestId('branding-card-error-retry'));
    expect(await screen.findByTestId('branding-address')).toHaveValue('https://tv.example.com/');
  });
});
