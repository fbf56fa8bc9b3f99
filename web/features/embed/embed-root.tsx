import { Alert, MantineProvider } from '@mantine/core';
import { useMemo } from 'react';
import { buildTheme } from '../../app/theme';
import { useFontStack } from '../../app/use-font-stack';
import { EmbedGuruPage } from './embed-guru-page';
import { framingOrigin } from './framing-origin';
import { useT } from './i18n';

/**
 * The whole web app on /embed/guru/:guruId: no router, guards, socket or side navigation, only the guru.
 * Opened outside a frame it says where it belongs instead of calling anything.
 */
export function EmbedRoot({ guruId }: { guruId: string }) {
  const origin = framingOrigin();
  const t = useT();
  const fontFamily = useFontStack(null);
  const theme = useMemo(() => buildTheme(null, fontFamily), [fontFamily]);
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      {origin ? (
        <EmbedGuruPage guruId={guruId} origin={origin} />
      ) : (
        <Alert m="md" color="blue" title={t('embed.root.title')}>
          {t('embed.root.text')}
        </Alert>
      )}
    </MantineProvider>
  );
}
