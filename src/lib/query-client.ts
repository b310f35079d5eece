/** The app's one React Query client: given to the provider (src/app/providers.tsx), and used by route loaders that start a page's requests early (the reader's). */
import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not fix itself; network failures get one more try.
      retry: (count, error) => error instanceof ApiRequestError && error.isNetwork && count < 1,
      refetchOnWindowFocus: false,
      networkMode: 'always',
    },
    mutations: { networkMode: 'always' },
  },
});
