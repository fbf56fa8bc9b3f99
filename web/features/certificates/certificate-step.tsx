import { Divider, Stack, Text, Title } from '@mantine/core';
import { useT } from './i18n';
import { RulesEditor } from './rules-editor';
import { TemplateEditor } from './template-editor';

/** The course wizard's last step (decision 079): what earns the certificate, and how it looks. */
export function CertificateStep({ courseId }: { courseId: string }) {
  const t = useT();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('certificates.step.rulesTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('certificates.step.rulesLead')}
        </Text>
      </Stack>
      <RulesEditor courseId={courseId} />
      <Divider />
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('certificates.step.designTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('certificates.step.designLead')}
        </Text>
      </Stack>
      <TemplateEditor courseId={courseId} />
    </Stack>
  );
}

/** The author's own design, for every course without one of its own (the profile's section). */
export function CertificateDesignSection() {
  const t = useT();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('certificates.step.ownDesignTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('certificates.step.ownDesignLead')}
      </Text>
      <TemplateEditor courseId={null} />
    </Stack>
  );
}
