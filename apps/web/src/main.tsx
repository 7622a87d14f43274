import './lib/zod-without-eval';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { createApp } from './app/create-app';
import { AppProviders } from './app/providers';
import { preloadScreen, routes } from './app/route-table';

const { queryClient, NavigationBridge } = createApp();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
preloadScreen(window.location.pathname, queryClient);

function AppRoutes() {
  return useRoutes(routes);
}

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <NavigationBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
