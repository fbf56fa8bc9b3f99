import { Alert, Anchor, Button, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconDownload, IconPackageExport } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { CourseExport, CourseExportFormat } from '../../../common/contracts/course-export';
import { api } from '../../app/api';
import { useT } from './i18n';

const POLL_MS = 2000;

const FORMAT_LABEL_KEYS: Record<CourseExportFormat, string> = {
  scorm12: 'courses.export.scorm12',
  scorm2004: 'courses.export.scorm2004',
  cc13: 'courses.export.cc13',
};

const sizeOf = (bytes: number) =>
  bytes >= 1024 ** 2 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function useCourseExport(courseId: string, exportId: string | null) {
  return useQuery({
    queryKey: ['courses', courseId, 'exports', exportId],
    queryFn: () => api<CourseExport>(`/courses/${courseId}/exports/${exportId}`),
    enabled: Boolean(exportId),
    refetchInterval: (query) =>
      query.state.data?.status === 'ready' || query.state.data?.status === 'failed' ? false : POLL_MS,
  });
}

/**
 * The author's Export menu (decision 077): the course as SCORM 1.2, SCORM 2004 or Common Cartridge, made in the
 * background; shows its progress (polled every 2 s), then a download link, or why it failed.
 */
export function CourseExportMenu({ courseId }: { courseId: string }) {
  const t = useT();
  const [exportId, setExportId] = useState<string | null>(null);
  const ask = useMutation({
    mutationFn: (format: CourseExportFormat) =>
      api<{ exportId: string }>(`/courses/${courseId}/exports`, { method: 'POST', body: { format } }),
    onSuccess: (answer) => setExportId(answer.exportId),
  });
  const state = useCourseExport(courseId, exportId);
  const current = state.data;
  const working = ask.isPending || (exportId !== null && (!current || current.status === 'working'));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('courses.export.help')}
      </Text>
      <Group>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              variant="light"
              leftSection={<IconPackageExport size={16} />}
              rightSection={<IconChevronDown size={14} />}
              disabled={working}
            >
              {t('courses.export.button')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(Object.keys(FORMAT_LABEL_KEYS) as CourseExportFormat[]).map((format) => (
              <Menu.Item key={format} onClick={() => ask.mutate(format)}>
                {t(FORMAT_LABEL_KEYS[format])}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {ask.isError && (
        <Alert color="red" role="alert">
          {ask.error.message}
        </Alert>
      )}
      {state.isError && (
        <Alert color="red" role="alert">
          {state.error.message}
        </Alert>
      )}
      {working && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">{t('courses.export.working', { percent: current?.progress ?? 0 })}</Text>
          <Progress value={current?.progress ?? 0} aria-label={t('courses.export.progressLabel')} animated />
        </Stack>
      )}
      {current?.status === 'ready' && current.url && (
        <Group gap="xs" role="status">
          <IconDownload size={16} aria-hidden />
          <Anchor href={current.url} download={current.fileName ?? undefined}>
            {t('courses.export.download', {
              name: current.fileName ?? '',
              size: sizeOf(current.sizeBytes ?? 0),
            })}
          </Anchor>
        </Group>
      )}
      {current?.status === 'failed' && (
        <Alert color="red" role="alert" title={t('courses.export.failed')}>
          {current.error}
        </Alert>
      )}
    </Stack>
  );
}
