import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import type { AdminCurrencyRates } from '../../../common/contracts/billing';
import { formatDateTime } from '../../../common/time';
import { ApiError } from '../../app/api';
import { toast } from '../../app/toast';
import { confirmDestructive } from '../../components/confirm-destructive';
import { useAdminCurrencyRates, useRefreshCurrencyRates, useSaveCurrencyRates } from './currency-rates-api';

type Draft = Record<string, number | string>;

const CODE = /^[A-Z]{3}$/;
const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong.');
const isValidRate = (value: number | string) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** What the server was sent, or null when an entry is not a positive number. */
function ratesFrom(draft: Draft): Record<string, number> | null {
  const entries = Object.entries(draft);
  return entries.every(([, value]) => isValidRate(value))
    ? (Object.fromEntries(entries) as Record<string, number>)
    : null;
}

function sameRates(draft: Draft, stored: Record<string, number>) {
  const keys = Object.keys(draft);
  return keys.length === Object.keys(stored).length && keys.every((key) => draft[key] === stored[key]);
}

/**
 * Admin: the exchange rates every price is converted with (units per US dollar). Edit and save by hand, or
 * refresh from the configured source (CURRENCY_RATES_URL). Shown on the plan pricing page.
 */
export function CurrencyRatesPanel() {
  const stored = useAdminCurrencyRates();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="currency-rates-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="currency-rates-title">
          Exchange rates
        </Title>
        {stored.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Loading exchange rates…</Text>
          </Group>
        ) : stored.isError ? (
          <Alert color="red" title="Exchange rates could not be loaded">
            {messageOf(stored.error)}
          </Alert>
        ) : (
          <RatesEditor key={stored.data.id} stored={stored.data} />
        )}
      </Stack>
    </Paper>
  );
}

/** Keyed by the stored row's id: a new row (saved or refreshed) starts a fresh draft; a refetch does not. */
function RatesEditor({ stored }: { stored: AdminCurrencyRates }) {
  const [draft, setDraft] = useState<Draft>(stored.rates);
  // Rates whose field was left since its last edit: only those show a message (commitValidation's rule,
  // web/app/forms.ts), so "0" on the way to "0.5" is not reported.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const leave = (code: string, isLeft: boolean) =>
    setLeft((current) => {
      if (current.has(code) === isLeft) return current;
      const next = new Set(current);
      if (isLeft) next.add(code);
      else next.delete(code);
      return next;
    });
  const shownInvalid = (code: string) => left.has(code) && code in draft && !isValidRate(draft[code]);
  const [filter, setFilter] = useState('');
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const save = useSaveCurrencyRates();
  const refresh = useRefreshCurrencyRates();

  const dirty = !sameRates(draft, stored.rates);
  const valid = ratesFrom(draft);
  const codes = useMemo(() => {
    const wanted = filter.trim().toUpperCase();
    return Object.keys(draft)
      .filter((code) => code.includes(wanted))
      .sort((a, b) => (a === 'USD' ? -1 : b === 'USD' ? 1 : a.localeCompare(b)));
  }, [draft, filter]);

  const onSave = () => {
    if (!valid) return;
    save.mutate(valid, {
      onSuccess: () => toast('success', 'Exchange rates saved.'),
      onError: (error) => toast('danger', messageOf(error)),
    });
  };
  const runRefresh = () => {
    setRefreshError(null);
    refresh.mutate(undefined, {
      onSuccess: () => toast('success', 'Exchange rates refreshed from the source.'),
      onError: (error) => setRefreshError(messageOf(error)),
    });
  };
  const onRefresh = () => {
    if (!dirty) return runRefresh();
    confirmDestructive({
      title: 'Discard your changes?',
      message: "Refreshing replaces the rates with the source's, so your unsaved edits are lost.",
      confirmLabel: 'Discard and refresh',
      cancelLabel: 'Keep editing',
      onConfirm: runRefresh,
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Units of each currency per 1 US dollar. Last updated {formatDateTime(stored.updatedAt)} from{' '}
        <Text span fw={600} c="var(--mantine-color-text)">
          {stored.source}
        </Text>
        .
      </Text>
      {refreshError && (
        <Alert color="red" title="Refresh failed" withCloseButton onClose={() => setRefreshError(null)}>
          {refreshError}
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Find a currency"
          placeholder="INR"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={onRefresh} loading={refresh.isPending}>
            Refresh from source
          </Button>
          <Button variant="subtle" onClick={() => setDraft(stored.rates)} disabled={!dirty || save.isPending}>
            Undo changes
          </Button>
          <Button onClick={onSave} loading={save.isPending} disabled={!dirty || !valid}>
            Save rates
          </Button>
        </Group>
      </Group>
      {!valid && [...left].some(shownInvalid) && (
        <Text size="sm" c="red" role="alert">
          Every rate must be a number above zero.
        </Text>
      )}
      <ScrollArea.Autosize mah={420} type="auto">
        <Table striped stickyHeader verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Currency</Table.Th>
              <Table.Th scope="col">Rate per US dollar</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed">
                    No currency matches “{filter}”. Add it below.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              codes.map((code) => (
                <Table.Tr key={code}>
                  <Table.Td>
                    <Text ff="monospace">{code}</Text>
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Rate for ${code}`}
                      value={draft[code]}
                      onChange={(value) => {
                        setDraft((current) => ({ ...current, [code]: value }));
                        leave(code, false);
                      }}
                      onBlur={() => leave(code, true)}
                      min={0}
                      decimalScale={6}
                      hideControls
                      // Rates are relative to USD, so its own rate is fixed.
                      disabled={code === 'USD'}
                      error={shownInvalid(code) ? 'Above zero' : undefined}
                      maw={180}
                    />
                  </Table.Td>
                  <Table.Td>
                    {code !== 'USD' && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${code}`}
                        onClick={() =>
                          setDraft((current) =>
                            Object.fromEntries(Object.entries(current).filter(([key]) => key !== code)),
                          )
                        }
                      >
                        ×
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <AddCurrency
        existing={draft}
        onAdd={(code, rate) => setDraft((current) => ({ ...current, [code]: rate }))}
      />
    </Stack>
  );
}

function AddCurrency({ existing, onAdd }: { existing: Draft; onAdd: (code: string, rate: number) => void }) {
  const [code, setCode] = useState('');
  const [rate, setRate] = useState<number | string>('');
  // Checked when the code is left or the form sent, not while its three letters are typed.
  const [codeLeft, setCodeLeft] = useState(false);
  const codeError =
    code === '' || !codeLeft
      ? undefined
      : !CODE.test(code)
        ? 'Three capital letters'
        : code in existing
          ? 'Already listed'
          : undefined;
  const canAdd = CODE.test(code) && !(code in existing) && isValidRate(rate);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCodeLeft(true);
    if (!canAdd) return;
    onAdd(code, rate as number);
    setCode('');
    setRate('');
    setCodeLeft(false);
  };
  return (
    <form onSubmit={submit} aria-label="Add a currency">
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label="Currency code"
          placeholder="SGD"
          value={code}
          maxLength={3}
          onChange={(event) => {
            setCode(event.currentTarget.value.toUpperCase());
            setCodeLeft(false);
          }}
          onBlur={() => setCodeLeft(true)}
          error={codeError}
          w={120}
        />
        <NumberInput
          label="Rate per US dollar"
          value={rate}
          onChange={setRate}
          min={0}
          decimalScale={6}
          hideControls
          w={180}
        />
        <Button type="submit" variant="light" mt={25} disabled={!canAdd}>
          Add currency
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Added and removed currencies are stored when you save.
      </Text>
    </form>
  );
}
