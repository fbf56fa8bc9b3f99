import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { COMPLETION_LIMITS, UNPRINTABLE_IN_NAME } from '../../../common/certificates';
import { useClaimCertificate } from './api';
import { useT } from './i18n';

/**
 * Asks once for the name to print (prefilled with the account's), then issues the certificate. The learner is
 * told the name cannot change on an issued certificate, so they check the spelling before it is printed.
 */
export function ClaimDialog({
  courseId,
  suggestedName,
  opened,
  onClose,
}: {
  courseId: string;
  suggestedName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(suggestedName);
  const claim = useClaimCertificate(courseId);
  const trimmed = name.replace(/\s+/gu, ' ').trim();
  const problem =
    trimmed.length === 0
      ? t('certificates.claim.nameRequired')
      : trimmed.length > COMPLETION_LIMITS.nameMax
        ? t('certificates.claim.nameTooLong', { max: COMPLETION_LIMITS.nameMax })
        : UNPRINTABLE_IN_NAME.test(trimmed)
          ? t('certificates.claim.nameCharacters')
          : null;
  const [touched, setTouched] = useState(false);
  const submit = () => {
    setTouched(true);
    if (!problem) claim.mutate(trimmed, { onSuccess: onClose });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('certificates.claim.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm">{t('certificates.claim.explain')}</Text>
          <TextInput
            label={t('certificates.claim.nameLabel')}
            description={t('certificates.claim.nameHint')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={touched ? problem : null}
            data-autofocus
            required
          />
          {claim.isError && (
            <Alert color="red" role="alert">
              {claim.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('certificates.claim.cancel')}
            </Button>
            <Button type="submit" loading={claim.isPending}>
              {t('certificates.claim.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
