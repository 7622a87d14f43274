import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createAppNavigation } from './app-navigation';

describe('app navigation (outside React)', () => {
  it('navigates through the bridge and resolves once the new location is on screen', async () => {
    const { navigation, NavigationBridge } = createAppNavigation();
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <NavigationBridge />
        <Routes>
          <Route path="/dashboard" element={<p>dashboard</p>} />
          <Route path="/lock" element={<p>lock</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getAllByText('dashboard')).toHaveLength(1);

    let shownWhenResolved: boolean | undefined;
    void navigation.navigate('/lock').then(() => {
      shownWhenResolved = screen.queryByText('lock') !== null;
    });
    await waitFor(() => expect(shownWhenResolved).toBe(true));
  });
});
