import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installGlobalErrorReporting } from './lib/error-reporting';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import { queryClient } from './lib/query-client';
import { adoptPageSession } from './lib/session';
import { applyStoredTheme } from './app/theme';
import './ui/styles.css';

applyStoredTheme();
installGlobalErrorReporting();
adoptPageSession(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
