import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { COMPLETION_LIMITS, UNPRINTABLE_IN_NAME } from '../../../common/certificates';
import { toast } from '../../app/toast';
import { LoadFailed } from '../../components/load-failed';
import { useMyCertificates, useSaveCertificateName } from './api';
import { CertificateActions } from './certificate-actions';
import { certificateDay } from './dates';
import { useLocale, useT } from './i18n';

/** The name printed on the learner's next certificates; issued ones keep the name they were issued with. */
function PrintedName({ name }: { name: string }) {
  const t = useT();
  const [value, setValue] = useState(name);
  useEffect(() => setValue(name), [name]);
  const save = useSaveCertificateName();
  const trimmed = value.replace(/\s+/gu, ' ').trim();
  const invalid =
    trimmed.length === 0 || trimmed.length > COMPLETION_LIMITS.nameMax || UNPRINTABLE_IN_NAME.test(trimmed);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid)
          save.mutate(trimmed, { onSuccess: () => toast('success', t('certificates.mine.nameSaved')) });
      }}
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('certificates.mine.nameLabel')}
          description={t('certificates.mine.nameHint')}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={
            trimmed.length === 0
              ? t('certificates.claim.nameRequired')
              : UNPRINTABLE_IN_NAME.test(trimmed)
                ? t('certificates.claim.nameCharacters')
                : null
          }
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" variant="light" loading={save.isPending} disabled={invalid || trimmed === name}>
          {t('certificates.mine.saveName')}
        </Button>
      </Group>
      {save.isError && (
        <Alert color="red" role="alert" mt="xs">
          {save.error.message}
        </Alert>
      )}
    </form>
  );
}

/** /certificates: every certificate the learner holds, with its PDF, LinkedIn and its public check. */
export default function MyCertificatesPage() {
  const t = useT();
  const locale = useLocale();
  const mine = useMyCertificates();
  if (mine.isPending) return <Loader m="xl" role="status" aria-label={t('certificates.mine.loading')} />;
  if (mine.isError)
    return (
      <LoadFailed
        title={t('certificates.mine.unavailable')}
        message={mine.error.message}
        backTo="/subscribed-courses"
        backLabel={t('certificates.mine.back')}
      />
    );
  const { certificates, printedName } = mine.data;
  return (
    <Container size="md">
      <Stack>
        <Title order={1} size="h2">
          {t('certificates.mine.title')}
        </Title>
        <PrintedName name={printedName} />
        {certificates.length === 0 ? (
          <Card withBorder padding="lg">
            <Stack align="center" gap="xs">
              <IconAward size={40} stroke={1.4} />
              <Text fw={600}>{t('certificates.mine.empty')}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {t('certificates.mine.emptyHint')}
              </Text>
              <Anchor component={Link} to="/subscribed-courses">
                {t('certificates.mine.back')}
              </Anchor>
            </Stack>
          </Card>
        ) : (
          certificates.map((certificate) => (
            <Card key={certificate.id} withBorder padding="md" data-testid="my-certificate">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {certificate.courseTitle}
                  </Text>
                  <Text size="sm" c={certificate.revokedAt ? 'red.8' : 'green.8'} fw={600}>
                    {certificate.revokedAt
                      ? t('certificates.status.revoked')
                      : t('certificates.status.valid')}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {t('certificates.mine.line', {
                    issuer: certificate.issuerName,
                    date: certificateDay(certificate.issuedAt, locale),
                    name: certificate.recipientName,
                  })}
                </Text>
                {certificate.revokedAt && certificate.revokedReason && (
                  <Text size="sm">
                    {t('certificates.mine.revokedReason', { reason: certificate.revokedReason })}
                  </Text>
                )}
                <CertificateActions certificate={certificate} />
              </Stack>
            </Card>
          ))
        )}
      </Stack>
    </Container>
  );
}
