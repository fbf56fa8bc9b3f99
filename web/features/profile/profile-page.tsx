import { Badge, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { can } from '../../../common/capabilities';
import { isUserType } from '../../../common/roles';
import { useSession } from '../../app/session';
import { AppearanceSection } from './appearance-section';
import { ChangePasswordSection } from './change-password-section';
import { useT } from './i18n';
import { ImagesSection } from './images-section';
import { PersonalSection } from './personal-section';

// Only authors design certificates: learners never download the editor.
const CertificateDesignSection = lazy(() =>
  import('../certificates').then((module) => ({ default: module.CertificateDesignSection })),
);

export default function ProfilePage() {
  const session = useSession();
  const t = useT();
  if (!session || !isUserType(session.userType)) return null;
  return (
    <Container size="md">
      <Stack gap="lg">
        <Group justify="space-between">
          <Stack gap={0}>
            <Title order={1} size="h2">
              {t('profile.title')}
            </Title>
            <Text c="dimmed">{session.email}</Text>
          </Stack>
          <Badge size="lg" variant="light">
            {t(`role.${session.userType}`)}
          </Badge>
        </Group>
        <PersonalSection session={session} />
        <ImagesSection session={session} userType={session.userType} />
        <AppearanceSection session={session} />
        {can(session.userType, 'author') && (
          <Card withBorder padding="lg" component="section">
            <Suspense fallback={null}>
              <CertificateDesignSection />
            </Suspense>
          </Card>
        )}
        <ChangePasswordSection />
      </Stack>
    </Container>
  );
}
