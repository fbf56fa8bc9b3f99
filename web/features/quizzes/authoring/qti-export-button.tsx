import { Button } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../app/download';
import { toast } from '../../../app/toast';
import { useT } from '../i18n';

/** Downloads the quiz as an IMS QTI 2.1 package (decision 077), for another platform's quiz engine. */
export function QtiExportButton({ quizId }: { quizId: string }) {
  const t = useT();
  const download = useMutation({
    mutationFn: () =>
      downloadFile(`/quizzes/${quizId}/export/qti`, 'quiz-qti21.zip', t('quizzes.export.qtiFailed')),
    onError: (error) => toast('danger', error.message),
  });
  return (
    <Button
      variant="light"
      leftSection={<IconFileExport size={16} />}
      onClick={() => download.mutate()}
      loading={download.isPending}
    >
      {t('quizzes.export.qti')}
    </Button>
  );
}
