import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache, loaded with the first screen that reads the server (decision 0860). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
