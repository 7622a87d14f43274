import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

describe('lazyScreen', () => {
  it('downloads once: a preloaded screen renders from the same download', async () => {
    const load = vi.fn(async () => ({ default: () => <p>tela</p> }));
    const Screen = lazyScreen(load);
    Screen.preload();
    Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>carregando</p>}>
        <Screen />
      </Suspense>,
    );
    expect((await screen.findByText('tela')).textContent).toBe('tela');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed preload to the render that needs the screen', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const Screen = lazyScreen(() => Promise.reject(new Error('chunk gone')));
      Screen.preload();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
