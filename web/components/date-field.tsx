import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../app/i18n';
import { DAY_FORMAT, dayToText, parseDayText } from './day-text';

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'error'> & {
  /** The day as YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (iso: string) => void;
};

/**
 * A date typed as DD/MM/YYYY whatever the browser's language (a native date input reads mm/dd/yyyy in an
 * English browser), with the browser's own calendar one click away. The day is taken when the person leaves
 * the field or presses Enter; what is not a date is said then, never before.
 */
export function DateField({ value, onChange, label, ...props }: Props) {
  const t = useT();
  const [text, setText] = useState(dayToText(value));
  const [error, setError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  // The URL or a "Clear filters" changes the day from outside: show it.
  useEffect(() => {
    setText(dayToText(value));
    setError(null);
  }, [value]);

  const commit = () => {
    const parsed = parseDayText(text);
    if (parsed.kind === 'invalid') return setError(parsed.message);
    setError(null);
    const iso = parsed.kind === 'day' ? parsed.iso : '';
    setText(dayToText(iso));
    if (iso !== value) onChange(iso);
  };
  const name = props['aria-label'] ?? (typeof label === 'string' ? label : 'Date');

  return (
    <TextInput
      {...props}
      label={label}
      value={text}
      placeholder={DAY_FORMAT}
      inputMode="numeric"
      autoComplete="off"
      error={error}
      onChange={(event) => {
        setText(event.currentTarget.value);
        if (error) setError(null);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      rightSectionPointerEvents="all"
      rightSection={
        <span style={{ position: 'relative', display: 'inline-flex' }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('components.date.calendarFor', { name })}
            onClick={() => picker.current?.showPicker?.()}
          >
            <IconCalendar size={16} aria-hidden />
          </ActionIcon>
          {/* The browser's calendar only: out of the tab order and hidden from screen readers, who type. */}
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            style={{ position: 'absolute', inset: 0, opacity: 0, pointerEvents: 'none' }}
          />
        </span>
      }
    />
  );
}
