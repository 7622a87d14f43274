import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-page';

function Broken(): never {
  throw new Error('render failure');
}

describe('RouteErrorBoundary', () => {
  it('shows the error page for a failure below it, and the next location renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          element: (
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          ),
          children: [
            { path: '/broken', element: <Broken /> },
            { path: '/fine', element: <p>fine</p> },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(await screen.findAllByRole('button', { name: 'Recarregar' })).toHaveLength(1);

    await router.navigate('/fine');
    expect(await screen.findAllByText('fine')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Recarregar' })).toBeNull();
  });
});
