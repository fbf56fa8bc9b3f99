import { Accordion, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { CheckoutTaxInput } from '../../../common/contracts/billing';
import {
  GST_STATES,
  gstinProblem,
  normalizeGstin,
  OUTSIDE_INDIA,
  OUTSIDE_INDIA_NAME,
} from '../../../common/gst';

/** The texts of the GST details (decision 067), kept together for the message catalog. */
export const GST_DETAILS_TEXTS = {
  heading: 'GST details for your tax invoice (optional)',
  intro:
    'A school or business registered for GST can have its GSTIN on the invoice. Otherwise, tell us your state: it decides whether CGST and SGST or IGST is charged.',
  gstin: 'GSTIN',
  gstinHint: '15 characters, e.g. 27AAPFU0939F1ZV',
  state: 'State',
  statePlaceholder: 'Choose your state',
  stateFromGstin: 'Taken from your GSTIN',
  noState: 'No state matches',
} as const;

const STATE_OPTIONS = [
  ...GST_STATES.map((state) => ({ value: state.code, label: state.name })),
  { value: OUTSIDE_INDIA, label: OUTSIDE_INDIA_NAME },
];

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
        <Accordion.Control>{GST_DETAILS_TEXTS.heading}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {GST_DETAILS_TEXTS.intro}
            </Text>
            <TextInput
              label={GST_DETAILS_TEXTS.gstin}
              description={GST_DETAILS_TEXTS.gstinHint}
              value={gstin}
              onChange={(event) => setGstin(event.currentTarget.value)}
              onBlur={() => setShown(true)}
              error={shown ? problem : null}
              maxLength={20}
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { textTransform: 'uppercase' } }}
            />
            <Select
              label={GST_DETAILS_TEXTS.state}
              placeholder={GST_DETAILS_TEXTS.statePlaceholder}
              data={STATE_OPTIONS}
              value={gstinState ?? state}
              onChange={setState}
              disabled={gstinState !== null}
              description={gstinState ? GST_DETAILS_TEXTS.stateFromGstin : undefined}
              searchable
              clearable
              nothingFoundMessage={GST_DETAILS_TEXTS.noState}
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
