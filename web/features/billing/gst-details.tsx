import { Accordion, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { CheckoutTaxInput } from '../../../common/contracts/billing';
import { GST_STATES, gstinProblem, normalizeGstin, OUTSIDE_INDIA } from '../../../common/gst';
import { inInterfaceLanguage, useT } from './i18n';

/** The states by their names, proper names as GST writes them; "Outside India" is added in the interface's language. */
const STATE_OPTIONS = GST_STATES.map((state) => ({ value: state.code, label: state.name }));

export interface GstDetails {
  /** The fields, to render above what is bought. */
  fields: ReactNode;
  /** What checkout sends, or the problem of the GSTIN typed (then also shown under it, the section open). */
  input: () => CheckoutTaxInput | { problem: string };
}

/**
 * The optional GSTIN and state a buyer gives for a GST tax invoice. Checked here as the server checks it
 * (common/gst.ts), so a mistyped GSTIN is pointed out before paying; the server decides the tax either way.
 */
export function useGstDetails(): GstDetails {
  const t = useT();
  const [gstin, setGstin] = useState('');
  const [state, setState] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const normalized = normalizeGstin(gstin);
  const problem = normalized ? gstinProblem(normalized) : null;
  const gstinState = normalized && !problem ? normalized.slice(0, 2) : null;

  const fields = (
    <Accordion variant="contained" value={opened} onChange={setOpened}>
      <Accordion.Item value="gst">
        <Accordion.Control>{t('billing.gst.heading')}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('billing.gst.intro')}
            </Text>
            <TextInput
              label={t('billing.gst.gstin')}
              description={t('billing.gst.gstinHint')}
              value={gstin}
              onChange={(event) => setGstin(event.currentTarget.value)}
              onBlur={() => setShown(true)}
              error={shown && problem ? inInterfaceLanguage(problem) : null}
              maxLength={20}
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { textTransform: 'uppercase' } }}
            />
            <Select
              label={t('billing.gst.state')}
              placeholder={t('billing.gst.statePlaceholder')}
              data={[...STATE_OPTIONS, { value: OUTSIDE_INDIA, label: t('billing.gst.outsideIndia') }]}
              value={gstinState ?? state}
              onChange={setState}
              disabled={gstinState !== null}
              description={gstinState ? t('billing.gst.stateFromGstin') : undefined}
              searchable
              clearable
              nothingFoundMessage={t('billing.gst.noState')}
              comboboxProps={{ withinPortal: true }}
            />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );

  const input = (): CheckoutTaxInput | { problem: string } => {
    if (problem) {
      setShown(true);
      setOpened('gst');
      return { problem };
    }
    if (normalized) return { gstin: normalized };
    return state ? { state } : {};
  };
  return { fields, input };
}
