import { Anchor, Button, Group } from '@mantine/core';
import { IconBrandLinkedin, IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import type { CertificateSummary } from '../../../common/certificates';
import { downloadFile } from '../../app/download';
import { toast } from '../../app/toast';
import { certificatePdfPath } from './api';
import { useT } from './i18n';
import { addToLinkedInUrl } from './linkedin';

/** What a learner does with a certificate: download its PDF, add it to LinkedIn, open its public check. */
export function CertificateActions({ certificate }: { certificate: CertificateSummary }) {
  const t = useT();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(
        certificatePdfPath(certificate.id),
        `certificate-${certificate.id}.pdf`,
        t('certificates.actions.downloadFailed'),
      );
    } catch (error) {
      toast('danger', (error as Error).message);
    } finally {
      setDownloading(false);
    }
  };
  const path = new URL(certificate.verifyUrl).pathname;
  return (
    <Group gap="xs">
      <Button size="xs" leftSection={<IconDownload size={14} />} onClick={download} loading={downloading}>
        {t('certificates.actions.download')}
      </Button>
      {!certificate.revokedAt && (
        <Button
          size="xs"
          variant="light"
          component="a"
          href={addToLinkedInUrl(certificate)}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconBrandLinkedin size={14} />}
        >
          {t('certificates.actions.linkedin')}
        </Button>
      )}
      <Anchor href={path} size="sm" target="_blank" rel="noreferrer">
        <Group gap={4} wrap="nowrap">
          <IconShieldCheck size={14} />
          {t('certificates.actions.verifyPage')}
        </Group>
      </Anchor>
    </Group>
  );
}
