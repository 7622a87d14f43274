// Testing Library's DOM matchers (toBeInTheDocument, toHaveTextContent, toBeDisabled…) and their types.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has neither; Mantine needs both.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });
// Mantine's autosize Textarea re-measures when fonts load; jsdom has no FontFaceSet.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {} },
});
// Mantine's Select scrolls the active option into view; jsdom has no layout.
Element.prototype.scrollIntoView = () => {};

// Dialogs are lazy chunks: the first to open in a file is transformed on demand, which on a loaded 2-core
// machine takes longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
