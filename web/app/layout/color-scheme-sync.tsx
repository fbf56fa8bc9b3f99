import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { useHomeThemeActive } from '../home-theme';
import { LS, subscribeStorage } from '../storage';

/**
 * Applies the themeMode a login or account switch wrote, so the saved dark mode follows the user.
 * Logins happen on public pages, where the "home" theme forces light and Mantine ignores setColorScheme;
 * so the stored mode is (re)applied whenever the force is lifted, not only when storage changes.
 */
export function ColorSchemeSync() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const home = useHomeThemeActive();
  useEffect(() => {
    if (home) return;
    const apply = () => {
      const mode = localStorage.getItem(LS.themeMode);
      if ((mode === 'dark' || mode === 'light') && mode !== colorScheme) setColorScheme(mode);
    };
    apply();
    return subscribeStorage(apply);
  }, [home, colorScheme, setColorScheme]);
  return null;
}
