import { Alert, Button, Checkbox, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEEP_LINK_KINDS,
  type DeepLinkAnswer,
  type DeepLinkChoice,
  type DeepLinkView,
} from '../../../common/contracts/lti';
import { api } from '../../app/api';
import { useT } from './i18n';

/** Posts the signed answer to the LMS as a form (Deep Linking 2.0 §4.5), in this frame: the LMS takes it from there. */
function postToLms(answer: DeepLinkAnswer) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = answer.returnUrl;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'JWT';
  field.value = answer.jwt;
  form.append(field);
  document.body.append(form);
  form.submit();
}

/**
 * /lti-deep-link: a teacher who chose "Add an activity → Gurukul" in the LMS picks what to place there — their
 * courses, lessons, quizzes and gurus (decision 074). Runs inside the LMS's frame.
 */
export default function DeepLinkPage() {
  const t = useT();
  const [params] = useSearchParams();
  const requestId = params.get('request') ?? '';
  const view = useQuery({
    queryKey: ['lti-deep-link', requestId],
    queryFn: () => api<DeepLinkView>(`/lti/deep-links/${encodeURIComponent(requestId)}`),
    enabled: requestId.length > 0,
    retry: false,
  });
  const [picked, setPicked] = useState<string[]>([]);
  const place = useMutation({
    mutationFn: (choice: DeepLinkChoice) =>
      api<DeepLinkAnswer>(`/lti/deep-links/${encodeURIComponent(requestId)}`, {
        method: 'POST',
        body: choice,
      }),
    onSuccess: postToLms,
  });
  const items = view.data?.items ?? [];
  const submit = () =>
    place.mutate({
      items: picked.map((key) => {
        const [kind, id] = key.split(':');
        return { kind: kind as DeepLinkChoice['items'][number]['kind'], id };
      }),
    });
  return (
    <Container size="sm">
      <Stack>
        <Title order={1} size="h2">
          {t('integrations.deepLink.title')}
        </Title>
        {view.data && (
          <Text c="dimmed">{t('integrations.deepLink.lead', { lms: view.data.platformName })}</Text>
        )}
        {(!requestId || view.isError) && (
          <Alert color="red" role="alert">
            {t('integrations.deepLink.expired')}
          </Alert>
        )}
        {view.isPending && requestId && <Skeleton h={200} />}
        {view.data && items.length === 0 && <Text>{t('integrations.deepLink.nothing')}</Text>}
        {items.length > 0 && (
          <Checkbox.Group value={picked} onChange={setPicked} label={t('integrations.deepLink.pick')}>
            <Stack gap="md" mt="xs">
              {DEEP_LINK_KINDS.map((kind) => {
                const ofKind = items.filter((item) => item.kind === kind);
                if (ofKind.length === 0) return null;
                return (
                  <Stack key={kind} gap={6}>
                    <Text fw={600} size="sm">
                      {t(`integrations.deepLink.kind.${kind}`)}
                    </Text>
                    {ofKind.map((item) => (
                      <Checkbox
                        key={`${kind}:${item.id}`}
                        value={`${kind}:${item.id}`}
                        label={item.title}
                        description={item.courseTitle ?? undefined}
                      />
                    ))}
                  </Stack>
                );
              })}
            </Stack>
          </Checkbox.Group>
        )}
        {place.isError && (
          <Alert color="red" role="alert">
            {place.error.message}
          </Alert>
        )}
        {items.length > 0 && (
          <Button
            onClick={submit}
            disabled={picked.length === 0}
            loading={place.isPending || place.isSuccess}
          >
            {t('integrations.deepLink.place', { count: picked.length })}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
