import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { LS, subscribeStorage } from '../storage';

/** Applies the themeMode a login or account switch wrote, so the saved dark mode follows the user. */
export function ColorSchemeSync() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  useEffect(
    () =>
      subscribeStorage(() => {
        const mode = localStorage.getItem(LS.themeMode);
        if ((mode === 'dark' || mode === 'light') && mode !== colorScheme) setColorScheme(mode);
      }),
    [colorScheme, setColorScheme],
  );
  return null;
}
