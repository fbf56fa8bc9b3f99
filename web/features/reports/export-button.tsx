import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '../../app/toast';
import { downloadCsv } from './api';
import { useT } from './i18n';

/** "Export CSV": the server's export of the whole filtered list (not just the page shown). */
export function ExportButton({
  path,
  query,
}: {
  path: string;
  query: Record<string, string | number | undefined>;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(path, query);
    } catch (error) {
      toast('danger', (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={run}>
      {t('reports.export.button')}
    </Button>
  );
}
