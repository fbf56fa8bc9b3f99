import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconDownload,
  IconPrinter,
} from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ApiError } from '../../app/api';
import { useVerifiedCertificate } from './api';
import { certificateDay } from './dates';
import { useLocale, useT } from './i18n';

/** One fact of the certificate: its label above, its value large. */
function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * /certificate/:id, open to anyone (decision 079): valid or revoked, with the name, course, issuer and date —
 * nothing else about the learner — the signed credential to download and read, and a printable view. An unknown
 * id says only "not found".
 */
export default function VerifyCertificatePage() {
  const t = useT();
  const locale = useLocale();
  const { id = '' } = useParams();
  const certificate = useVerifiedCertificate(id);

  if (certificate.isPending)
    return <Loader m="xl" role="status" aria-label={t('certificates.verify.loading')} />;
  if (certificate.isError) {
    const missing = certificate.error instanceof ApiError && certificate.error.status === 404;
    return (
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1} size="h2">
            {t('certificates.verify.notFoundTitle')}
          </Title>
          <Alert color={missing ? 'gray' : 'red'} role="alert">
            {missing ? t('certificates.verify.notFound') : certificate.error.message}
          </Alert>
        </Stack>
      </Container>
    );
  }
  const data = certificate.data;
  const revoked = data.status === 'revoked';
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Card withBorder padding="lg" radius="md">
          <Stack>
            <Group gap="sm" wrap="nowrap" data-testid="certificate-status" data-status={data.status}>
              <ThemeIcon size={44} radius="xl" color={revoked ? 'red.8' : 'green.8'}>
                {revoked ? <IconCircleX size={28} /> : <IconCircleCheck size={28} />}
              </ThemeIcon>
              <Stack gap={0}>
                <Title order={1} size="h2">
                  {revoked ? t('certificates.verify.revokedTitle') : t('certificates.verify.validTitle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {revoked && data.revokedAt
                    ? t('certificates.verify.revokedOn', { date: certificateDay(data.revokedAt, locale) })
                    : t('certificates.verify.validLead')}
                </Text>
              </Stack>
            </Group>
            <Fact
              label={t('certificates.verify.name')}
              value={data.recipientName}
              testId="certificate-name"
            />
            <Fact
              label={t('certificates.verify.course')}
              value={data.courseTitle}
              testId="certificate-course"
            />
            <Fact
              label={t('certificates.verify.issuer')}
              value={data.issuerName}
              testId="certificate-issuer"
            />
            <Fact
              label={t('certificates.verify.date')}
              value={certificateDay(data.issuedAt, locale)}
              testId="certificate-date"
            />
            <Text size="sm" c="dimmed">
              {t('certificates.verify.id', { id: data.id })}
            </Text>
            {!data.signatureValid && (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
                {t('certificates.verify.signatureProblem')}
              </Alert>
            )}
          </Stack>
        </Card>
        <Group className="no-print">
          <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {t('certificates.verify.print')}
          </Button>
          <Button
            variant="default"
            component="a"
            href={`/api/certificates/verify/${encodeURIComponent(data.id)}/credential`}
            leftSection={<IconDownload size={16} />}
          >
            {t('certificates.verify.downloadCredential')}
          </Button>
        </Group>
        {revoked && (
          <Text size="sm" fw={600} data-testid="revoked-credential-note">
            {t('certificates.verify.revokedCredential')}
          </Text>
        )}
        <details className="no-print">
          <summary>
            <Text span size="sm">
              {data.signatureValid
                ? t('certificates.verify.credentialSigned')
                : t('certificates.verify.credential')}
            </Text>
          </summary>
          <Text size="sm" c="dimmed" my="xs">
            {t('certificates.verify.credentialHelp')}{' '}
            <Anchor href="https://www.imsglobal.org/spec/ob/v3p0/" target="_blank" rel="noreferrer">
              {t('certificates.verify.openBadges')}
            </Anchor>
          </Text>
          <Code block data-testid="certificate-credential" style={{ maxHeight: 320, overflow: 'auto' }}>
            {JSON.stringify(data.credential, null, 2)}
          </Code>
        </details>
      </Stack>
    </Container>
  );
}
