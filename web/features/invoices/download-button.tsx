import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { InvoiceRowView } from '../../../common/contracts/billing';
import { toast } from '../../app/toast';
import { downloadInvoicePdf } from './api';
import { useT } from './i18n';

/** "Download PDF" for one invoice; a failure is said in a toast, the row stays. */
export function DownloadPdfButton({ invoice }: { invoice: InvoiceRowView }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      toast('danger', (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={run}
      aria-label={t('invoices.download.aria', { number: invoice.number })}
    >
      {t('invoices.download.button')}
    </Button>
  );
}
