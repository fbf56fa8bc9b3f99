import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { toast } from '../../app/toast';
import { useT } from './i18n';
import { qrMatrix, qrPath, qrPng } from './qr';

/** Saves a blob under a file name through a temporary link. */
function saveBlob(blob: Blob, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}

/** Downloads a link's QR code as "gurukul-<code>.png". */
export async function downloadQr(url: string, code: string): Promise<void> {
  try {
    saveBlob(await qrPng(qrMatrix(url)), `gurukul-${code}.png`);
  } catch (error) {
    toast('danger', (error as Error).message);
  }
}

/**
 * A link's QR code drawn in the browser (no request, no third party): black on a white square in either
 * colour scheme, since scanners need the contrast.
 */
export function QrCode({ url, size = 168, label }: { url: string; size?: number; label: string }) {
  const matrix = useMemo(() => qrMatrix(url), [url]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${matrix.size} ${matrix.size}`}
      shapeRendering="crispEdges"
      data-testid="referral-qr"
      style={{ borderRadius: 4, flexShrink: 0 }}
    >
      <rect width={matrix.size} height={matrix.size} fill="#ffffff" />
      <path d={qrPath(matrix)} fill="#000000" />
    </svg>
  );
}

export function DownloadQrButton({
  url,
  code,
  name,
  compact,
}: {
  url: string;
  code: string;
  /** What the link is called, for the button's accessible name ("your main link", a campaign's label). */
  name: string;
  compact?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const t = useT();
  return (
    <Button
      aria-label={t(compact ? 'partners.qr.shortAria' : 'partners.qr.downloadAria', { name })}
      variant="light"
      size={compact ? 'xs' : 'sm'}
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        await downloadQr(url, code);
        setBusy(false);
      }}
    >
      {compact ? t('partners.qr.short') : t('partners.qr.download')}
    </Button>
  );
}
