import { CheckIcon, ColorSwatch, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useId } from 'react';
import { THEME_COLORS, type ThemeColorKey } from '../../common/theme-colors';

/**
 * The 11 theme colours of SPEC §3 as a radio group of swatches (keyboard and screen-reader friendly: each
 * swatch is a named radio). Used for the app's own colour (profile) and a course library's video colour.
 */
export function ThemeColorPicker({
  label = 'Theme colour',
  value,
  onChange,
  size = 32,
  disabled = false,
}: {
  label?: string;
  value: string | null | undefined;
  onChange: (key: ThemeColorKey) => void;
  size?: number;
  disabled?: boolean;
}) {
  const labelId = useId();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Group gap={6} role="radiogroup" aria-labelledby={labelId}>
        {THEME_COLORS.map((color) => {
          const selected = value === color.key;
          return (
            <Tooltip key={color.key} label={color.name}>
              <ColorSwatch
                component="button"
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={color.name}
                color={color.hex}
                size={size}
                disabled={disabled}
                onClick={() => onChange(color.key)}
                style={{ color: '#fff', cursor: disabled ? 'default' : 'pointer' }}
              >
                {selected && <CheckIcon size={Math.round(size * 0.44)} />}
              </ColorSwatch>
            </Tooltip>
          );
        })}
      </Group>
    </Stack>
  );
}
