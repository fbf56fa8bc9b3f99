import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from './api';
import { useHomeThemeActive } from './home-theme';
import { ColorSchemeSync } from './layout/color-scheme-sync';
import type { AppRouter } from './router';
import { useSession } from './session';
import { TestPaymentsNotice } from './test-payments-notice';
import { buildTheme, colorSchemeManager, cssVariablesResolver } from './theme';
import { Toaster } from './toaster';

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

export function Root({ router }: { router: AppRouter }) {
  const session = useSession();
  const home = useHomeThemeActive();
  const font = session?.font ?? null;
  // The theme names the font; this brings its files (only that family's). The map of the 34 stylesheets is a
  // chunk of its own, so no page's first download grows with it.
  useEffect(() => {
    void import('./fonts').then(({ loadFont }) => loadFont(font)).catch(() => undefined);
  }, [font]);
  return (
    <MantineProvider
      theme={buildTheme(session?.themeColor ?? null, session?.font ?? null)}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      forceColorScheme={home ? 'light' : undefined}
    >
      <ColorSchemeSync />
      <Toaster />
      <TestPaymentsNotice />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
