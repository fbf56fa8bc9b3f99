import {
  Card,
  CheckIcon,
  ColorSwatch,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  useMantineColorScheme,
} from '@mantine/core';
import { FONTS } from '../../../common/fonts';
import { THEME_COLORS } from '../../../common/theme-colors';
import type { StoredSession } from '../../app/storage';
import { toast } from '../../app/toast';
import { useUpdateUserInfo } from './api';

/** Theme colour (one of 11), font (one of 34) and dark mode, each saved to the profile at once. */
export function AppearanceSection({ session }: { session: StoredSession }) {
  const update = useUpdateUserInfo(session.userId);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const save = (input: Parameters<typeof update.mutate>[0], done: string) =>
    update.mutate(input, {
      onSuccess: () => toast('success', done),
      onError: (error) => toast('danger', error.message),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="appearance-heading">
      <Title order={2} size="h4" id="appearance-heading" mb="sm">
        Appearance
      </Title>
      <Stack>
        <Stack gap={6}>
          <Text fw={500} id="theme-colour-label">
            Theme colour
          </Text>
          <Group gap="xs" role="radiogroup" aria-labelledby="theme-colour-label">
            {THEME_COLORS.map((color) => {
              const selected = session.themeColor === color.key;
              return (
                <Tooltip key={color.key} label={color.name}>
                  <ColorSwatch
                    component="button"
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    aria-label={color.name}
                    color={color.hex}
                    size={32}
                    onClick={() => save({ themeColor: color.key }, 'Theme colour saved')}
                    style={{ color: '#fff', cursor: 'pointer' }}
                  >
                    {selected && <CheckIcon size={14} />}
                  </ColorSwatch>
                </Tooltip>
              );
            })}
          </Group>
        </Stack>
        <Select
          label="Font"
          data={[...FONTS]}
          value={session.font}
          searchable
          allowDeselect={false}
          maw={320}
          onChange={(font) => font && save({ font }, 'Font saved')}
        />
        <Switch
          label="Dark mode"
          checked={colorScheme === 'dark'}
          onChange={(event) => {
            const dark = event.currentTarget.checked;
            setColorScheme(dark ? 'dark' : 'light');
            save({ isDarkTheme: dark }, dark ? 'Dark mode on' : 'Dark mode off');
          }}
        />
      </Stack>
    </Card>
  );
}
