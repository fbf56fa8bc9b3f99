import { Badge, Container, Group, Stack, Text, Title } from '@mantine/core';
import { isUserType, ROLE_LABELS } from '../../../common/roles';
import { useSession } from '../../app/session';
import { AppearanceSection } from './appearance-section';
import { ChangePasswordSection } from './change-password-section';
import { ImagesSection } from './images-section';
import { PersonalSection } from './personal-section';

export default function ProfilePage() {
  const session = useSession();
  if (!session || !isUserType(session.userType)) return null;
  return (
    <Container size="md">
      <Stack gap="lg">
        <Group justify="space-between">
          <Stack gap={0}>
            <Title order={1} size="h2">
              Profile
            </Title>
            <Text c="dimmed">{session.email}</Text>
          </Stack>
          <Badge size="lg" variant="light">
            {ROLE_LABELS[session.userType]}
          </Badge>
        </Group>
        <PersonalSection session={session} />
        <ImagesSection session={session} userType={session.userType} />
        <AppearanceSection session={session} />
        <ChangePasswordSection />
      </Stack>
    </Container>
  );
}
