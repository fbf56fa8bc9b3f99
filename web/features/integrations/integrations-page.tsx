import { Alert, Button, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PlanLockNote, usePlanLock } from '../../components/plan-lock';
import { useIntegrations } from './api';
import { useT } from './i18n';
import { IntegrationCard } from './integration-card';
import { LrsSection } from './lrs-section';
import { LtiSection } from './lti-section';
import { SignInSection } from './sign-in-section';
import { WebsiteSection } from './website-section';

/**
 * /integrations: the user's own D-ID and ElevenLabs keys, used by their gurus' avatars and voices, and their own
 * website, where their gurus can be embedded; for the admin, sign-in, LTI and the Learning Record Store too.
 */
export default function IntegrationsPage() {
  const t = useT();
  const integrations = useIntegrations();
  // A plan without the module hides the page from the menu; anyone who still opens it can see and remove
  // saved keys, but adding one, the website and its code need an upgrade (the server refuses them too).
  const lock = usePlanLock('integrations');
  return (
    <Container size="lg">
      <Stack>
        <div>
          <Title order={1} size="h2">
            {t('integrations.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('integrations.lead')}
          </Text>
        </div>
        <PlanLockNote lock={lock}>{t('integrations.lockNote')}</PlanLockNote>
        {integrations.isPending && (
          <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy="true" aria-label={t('integrations.loading')}>
            <Skeleton h={220} radius="md" />
            <Skeleton h={220} radius="md" />
          </SimpleGrid>
        )}
        {integrations.isError && (
          <Alert color="red" title={t('integrations.loadFailed')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{integrations.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => integrations.refetch()}>
                {t('integrations.tryAgain')}
              </Button>
            </Stack>
          </Alert>
        )}
        {integrations.data?.length === 0 && <Text>{t('integrations.none')}</Text>}
        {integrations.data && integrations.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {integrations.data.map((integration) => (
              <IntegrationCard key={integration.keyName} integration={integration} lock={lock} />
            ))}
          </SimpleGrid>
        )}
        <SignInSection />
        <LtiSection />
        <LrsSection />
        <WebsiteSection />
      </Stack>
    </Container>
  );
}
