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
import { rich, t as translate, useLocale, useT } from './i18n';

type Draft = Record<string, number | string>;

const CODE = /^[A-Z]{3}$/;
const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : translate('billing.rates.wrong');
/** Currency codes shown as examples in the empty fields: codes, the same in every language. */
const EXAMPLE_CODE = 'INR';
const EXAMPLE_NEW_CODE = 'SGD';
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
  const t = useT();
  const stored = useAdminCurrencyRates();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="currency-rates-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="currency-rates-title">
          {t('billing.rates.title')}
        </Title>
        {stored.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('billing.rates.loading')}</Text>
          </Group>
        ) : stored.isError ? (
          <Alert color="red" title={t('billing.rates.loadFailed')}>
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
  const t = useT();
  const locale = useLocale();
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
      onSuccess: () => toast('success', t('billing.rates.saved')),
      onError: (error) => toast('danger', messageOf(error)),
    });
  };
  const runRefresh = () => {
    setRefreshError(null);
    refresh.mutate(undefined, {
      onSuccess: () => toast('success', t('billing.rates.refreshed')),
      onError: (error) => setRefreshError(messageOf(error)),
    });
  };
  const onRefresh = () => {
    if (!dirty) return runRefresh();
    confirmDestructive({
      title: t('billing.rates.discardTitle'),
      message: t('billing.rates.discardMessage'),
      confirmLabel: t('billing.rates.discardConfirm'),
      cancelLabel: t('billing.rates.keepEditing'),
      onConfirm: runRefresh,
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {rich('billing.rates.intro', {
          date: formatDateTime(stored.updatedAt, { locale }),
          source: stored.source,
          b: (chunks) => (
            <Text span fw={600} c="var(--mantine-color-text)">
              {chunks}
            </Text>
          ),
        })}
      </Text>
      {refreshError && (
        <Alert
          color="red"
          title={t('billing.rates.refreshFailed')}
          withCloseButton
          onClose={() => setRefreshError(null)}
        >
          {refreshError}
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label={t('billing.rates.find')}
          placeholder={EXAMPLE_CODE}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
        <Group gap="xs" wrap="wrap">
          <Button variant="default" onClick={onRefresh} loading={refresh.isPending}>
            {t('billing.rates.refresh')}
          </Button>
          <Button variant="subtle" onClick={() => setDraft(stored.rates)} disabled={!dirty || save.isPending}>
            {t('billing.rates.undo')}
          </Button>
          <Button onClick={onSave} loading={save.isPending} disabled={!dirty || !valid}>
            {t('billing.rates.save')}
          </Button>
        </Group>
      </Group>
      {!valid && [...left].some(shownInvalid) && (
        <Text size="sm" c="red" role="alert">
          {t('billing.rates.invalid')}
        </Text>
      )}
      <ScrollArea.Autosize mah={420} type="auto">
        <Table striped stickyHeader verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('billing.rates.currency')}</Table.Th>
              <Table.Th scope="col">{t('billing.rates.perDollar')}</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>{t('billing.rates.remove')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed">
                    {t('billing.rates.noMatch', { filter })}
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
                      aria-label={t('billing.rates.rateFor', { code })}
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
                      error={shownInvalid(code) ? t('billing.rates.aboveZero') : undefined}
                      maw={180}
                    />
                  </Table.Td>
                  <Table.Td>
                    {code !== 'USD' && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('billing.rates.removeCode', { code })}
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
  const t = useT();
  const [code, setCode] = useState('');
  const [rate, setRate] = useState<number | string>('');
  // Checked when the code is left or the form sent, not while its three letters are typed.
  const [codeLeft, setCodeLeft] = useState(false);
  const codeError =
    code === '' || !codeLeft
      ? undefined
      : !CODE.test(code)
        ? t('billing.rates.threeLetters')
        : code in existing
          ? t('billing.rates.listed')
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
    <form onSubmit={submit} aria-label={t('billing.rates.addForm')}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label={t('billing.rates.code')}
          placeholder={EXAMPLE_NEW_CODE}
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
          label={t('billing.rates.perDollar')}
          value={rate}
          onChange={setRate}
          min={0}
          decimalScale={6}
          hideControls
          w={180}
        />
        <Button type="submit" variant="light" mt={25} disabled={!canAdd}>
          {t('billing.rates.add')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('billing.rates.storedOnSave')}
      </Text>
    </form>
  );
}
