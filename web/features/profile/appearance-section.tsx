import { Card, Select, Stack, Switch, Title, useMantineColorScheme } from '@mantine/core';
import { FONTS } from '../../../common/fonts';
import type { StoredSession } from '../../app/storage';
import { toast } from '../../app/toast';
import { useUpdateUserInfo } from '../../app/user-info';
import { ThemeColorPicker } from '../../components/theme-color-picker';
import { useT } from './i18n';

/** Theme colour (one of 11), font (one of 34) and dark mode, each saved to the profile at once. */
export function AppearanceSection({ session }: { session: StoredSession }) {
  const update = useUpdateUserInfo(session.userId);
  const t = useT();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const save = (input: Parameters<typeof update.mutate>[0], done: string) =>
    update.mutate(input, {
      onSuccess: () => toast('success', done),
      onError: (error) => toast('danger', error.message),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="appearance-heading">
      <Title order={2} size="h4" id="appearance-heading" mb="sm">
        {t('profile.appearance.title')}
      </Title>
      <Stack>
        <ThemeColorPicker
          value={session.themeColor}
          onChange={(themeColor) => save({ themeColor }, t('profile.appearance.colourSaved'))}
        />
        <Select
          label={t('profile.appearance.font')}
          data={[...FONTS]}
          value={session.font}
          searchable
          allowDeselect={false}
          maw={320}
          onChange={(font) => font && save({ font }, t('profile.appearance.fontSaved'))}
        />
        <Switch
          label={t('profile.appearance.darkMode')}
          checked={colorScheme === 'dark'}
          onChange={(event) => {
            const dark = event.currentTarget.checked;
            setColorScheme(dark ? 'dark' : 'light');
            save({ isDarkTheme: dark }, t(dark ? 'profile.appearance.darkOn' : 'profile.appearance.darkOff'));
          }}
        />
      </Stack>
    </Card>
  );
}
