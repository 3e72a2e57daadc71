import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, use } from 'react';

let loading: Promise<QueryClient> | undefined;

/**
 * Starts loading the query cache (TanStack Query's core, 9 KB of brotli), once. The sign-in page reads no query and
 * does without it (decision 0860); App starts it during the session check on every other page, so screens seldom
 * wait for it.
 */
export const loadQueryClient = (): Promise<QueryClient> =>
  (loading ??= import('./query-client.ts').then((m) => m.queryClient));

/** Gives `children` the app's query cache, suspending until it has loaded. */
export function Queries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={use(loadQueryClient())}>{children}</QueryClientProvider>;
}
