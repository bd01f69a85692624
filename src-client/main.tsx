import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorkerQuietly } from '~/lib/service-worker';
import { TRPCProvider, createClients } from '~/lib/trpc';
import { createAppRouter } from './router';
import './styles.css';

const { queryClient, trpcClient, trpc } = createClients();
const router = createAppRouter({ queryClient, trpc });
registerServiceWorkerQuietly();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <RouterProvider router={router} />
      </TRPCProvider>
    </QueryClientProvider>
  </StrictMode>,
);
