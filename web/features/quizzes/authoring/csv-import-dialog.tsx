import { Alert, Anchor, Button, FileInput, Group, Modal, Progress, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { ImportReport } from '../../../../common/contracts/quizzes';
import { QUIZ_CSV_COLUMNS, QUIZ_LIMITS } from '../../../../common/quizzes';
import { toast } from '../../../app/toast';
import { rich, useT } from '../i18n';
import { importQuestions, useQuestionMutations } from './api';
import { quizCsvTemplate } from './csv-template';

/** A link to the template, made in the browser from the column list (nothing to keep in sync on a server). */
function TemplateLink() {
  const t = useT();
  const url = useMemo(
    () => URL.createObjectURL(new Blob([quizCsvTemplate()], { type: 'text/csv;charset=utf-8' })),
    [],
  );
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Anchor href={url} download="quiz-questions-template.csv" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconDownload size={14} aria-hidden />
        {t('quizzes.csv.downloadTemplate')}
      </Group>
    </Anchor>
  );
}

function ReportView({ report }: { report: ImportReport }) {
  const t = useT();
  const { imported, rejected } = report;
  return (
    <Stack gap="xs" data-testid="import-report">
      <Alert color={imported > 0 ? 'green' : 'yellow'} variant="light">
        {rejected.length > 0
          ? t('quizzes.csv.importedRejected', { count: imported, rejected: rejected.length })
          : t('quizzes.csv.imported', { count: imported })}
      </Alert>
      {rejected.length > 0 && (
        <Table striped withTableBorder aria-label={t('quizzes.csv.rejectedRows')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t('quizzes.csv.row')}</Table.Th>
              <Table.Th>{t('quizzes.csv.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rejected.map((row) => (
              <Table.Tr key={`${row.row}-${row.reason}`} data-testid="rejected-row">
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Imports questions from a CSV file with upload progress, then shows what was imported and what was not. */
export function CsvImportDialog({
  courseId,
  quizId,
  opened,
  onClose,
}: {
  courseId: string;
  quizId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { refresh } = useQuestionMutations(courseId, quizId);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (percent !== null) return; // an upload in flight finishes first
    setFile(null);
    setReport(null);
    setError(null);
    onClose();
  };
  const choose = (next: File | null) => {
    setReport(null);
    setError(
      next && next.size > QUIZ_LIMITS.importMaxBytes
        ? t('quizzes.common.fileTooLarge', { size: QUIZ_LIMITS.importMaxBytes / 1024 / 1024 })
        : null,
    );
    setFile(next);
  };
  const send = async () => {
    if (!file) return;
    setError(null);
    setPercent(0);
    try {
      const answer = await importQuestions(quizId, file, setPercent);
      setReport(answer);
      setFile(null);
      if (answer.imported > 0) refresh();
      toast(
        answer.rejected.length === 0 ? 'success' : 'warning',
        t('quizzes.csv.imported', { count: answer.imported }),
      );
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : t('quizzes.csv.failed');
      setError(message);
      toast('danger', message);
    } finally {
      setPercent(null);
    }
  };
  const tooBig = file !== null && file.size > QUIZ_LIMITS.importMaxBytes;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('quizzes.csv.title')}
      closeButtonProps={{ 'aria-label': t('quizzes.common.close') }}
      size="lg"
    >
      <Stack>
        <Text size="sm">
          {rich('quizzes.csv.help', {
            columns: QUIZ_CSV_COLUMNS.join(', '),
            code: (chunks) => <code>{chunks}</code>,
          })}
        </Text>
        <TemplateLink />
        <FileInput
          label={t('quizzes.csv.file')}
          placeholder={t('quizzes.csv.choose')}
          accept=".csv,text/csv"
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          onChange={choose}
          clearable
          disabled={percent !== null}
        />
        {percent !== null && (
          <Stack gap={4}>
            <Text size="sm">{t('quizzes.csv.uploading', { percent })}</Text>
            <Progress value={percent} aria-label={t('quizzes.csv.progress')} />
          </Stack>
        )}
        {error && (
          <Text c="red" size="sm" role="alert" data-testid="import-error">
            {error}
          </Text>
        )}
        {report && <ReportView report={report} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={percent !== null}>
            {report ? t('quizzes.csv.done') : t('quizzes.common.cancel')}
          </Button>
          <Button onClick={() => void send()} disabled={!file || tooBig} loading={percent !== null}>
            {t('quizzes.csv.import')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
