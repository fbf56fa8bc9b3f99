import { Center, Loader } from '@mantine/core';
import { useT } from '../app/i18n';

export function PageLoader() {
  const t = useT();
  return (
    <Center h="60vh">
      <Loader aria-label={t('shell.loading')} />
    </Center>
  );
}
