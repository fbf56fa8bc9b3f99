import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { ApiError } from './api';
import { useHomeThemeActive } from './home-theme';
import { ColorSchemeSync } from './layout/color-scheme-sync';
import { useSession } from './session';
import { TestPaymentsNotice } from './test-payments-notice';
import { buildTheme, colorSchemeManager, cssVariablesResolver } from './theme';
import { Toaster } from './toaster';
import { useFontStack } from './use-font-stack';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

/**
 * Everything around the router: theme, toasts and queries. The browser gives it its RouterProvider, the server
 * (web/entry-server.tsx) a StaticRouterProvider and a QueryClient of the request's own.
 */
export function Root({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  const session = useSession();
  const home = useHomeThemeActive();
  // The theme names the font; this brings its files (only that family's).
  const fontFamily = useFontStack(session?.font);
  const themeColor = session?.themeColor ?? null;
  // One theme object while colour and font stay: a new one makes Mantine recompute every variable and rerender.
  const theme = useMemo(() => buildTheme(themeColor, fontFamily), [themeColor, fontFamily]);
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      forceColorScheme={home ? 'light' : undefined}
    >
      <ColorSchemeSync />
      <Toaster />
      <TestPaymentsNotice />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
