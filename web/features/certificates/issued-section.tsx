import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { COMPLETION_LIMITS } from '../../../common/certificates';
import { downloadFile } from '../../app/download';
import { toast } from '../../app/toast';
import { Pager } from '../../components/pager';
import { useIssuedCertificates, useRevokeCertificate } from './api';
import { certificateDay } from './dates';
import { useLocale, useT } from './i18n';

/** Revoking needs a reason (the learner is e-mailed it); the red button says what it does. */
function RevokeDialog({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const revoke = useRevokeCertificate();
  const trimmed = reason.trim();
  return (
    <Modal opened onClose={onClose} title={t('certificates.issued.revokeTitle', { name })} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed)
            revoke.mutate(
              { id, reason: trimmed },
              {
                onSuccess: () => {
                  toast('success', t('certificates.issued.revoked'));
                  onClose();
                },
              },
            );
        }}
      >
        <Stack>
          <Text size="sm">{t('certificates.issued.revokeExplain')}</Text>
          <Textarea
            label={t('certificates.issued.reason')}
            value={reason}
            maxLength={COMPLETION_LIMITS.reasonMax}
            onChange={(event) => setReason(event.currentTarget.value)}
            required
            data-autofocus
            autosize
            minRows={2}
          />
          {revoke.isError && (
            <Alert color="red" role="alert">
              {revoke.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('certificates.design.cancel')}
            </Button>
            <Button type="submit" color="red.8" disabled={!trimmed} loading={revoke.isPending}>
              {t('certificates.issued.revoke')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * A course's issued certificates for its authors (decision 079): search by name, e-mail or id, export as CSV, and
 * revoke one with a reason.
 */
export function IssuedCertificates({ courseId }: { courseId: string }) {
  const t = useT();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const issued = useIssuedCertificates(courseId, settled.trim(), page);
  const exportCsv = () =>
    downloadFile(
      `/certificates/courses/${courseId}/issued.csv?search=${encodeURIComponent(settled.trim())}`,
      'certificates.csv',
      t('certificates.issued.exportFailed'),
    ).catch((error: Error) => toast('danger', error.message));

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <TextInput
          aria-label={t('certificates.issued.search')}
          placeholder={t('certificates.issued.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 14rem' }}
        />
        <Button variant="light" leftSection={<IconFileSpreadsheet size={16} />} onClick={exportCsv}>
          {t('certificates.issued.export')}
        </Button>
      </Group>
      {issued.isPending ? (
        <Loader size="sm" role="status" aria-label={t('certificates.issued.loading')} />
      ) : issued.isError ? (
        <Alert color="red" role="alert">
          {issued.error.message}
        </Alert>
      ) : issued.data.total === 0 ? (
        <Text size="sm" c="dimmed" data-testid="issued-empty">
          {settled.trim() ? t('certificates.issued.noMatch') : t('certificates.issued.empty')}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="issued-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('certificates.issued.name')}</Table.Th>
                  <Table.Th>{t('certificates.issued.email')}</Table.Th>
                  <Table.Th>{t('certificates.issued.date')}</Table.Th>
                  <Table.Th>{t('certificates.issued.status')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('certificates.issued.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {issued.data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <a href={new URL(item.verifyUrl).pathname} target="_blank" rel="noreferrer">
                        {item.recipientName}
                      </a>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.email}</Table.Td>
                    <Table.Td>{certificateDay(item.issuedAt, locale)}</Table.Td>
                    <Table.Td>
                      {item.revokedAt ? (
                        <Badge color="red" title={item.revokedReason ?? undefined}>
                          {t('certificates.status.revoked')}
                        </Badge>
                      ) : (
                        <Badge color="green">{t('certificates.status.valid')}</Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {!item.revokedAt && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red.8"
                          onClick={() => setRevoking({ id: item.id, name: item.recipientName })}
                        >
                          {t('certificates.issued.revoke')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager page={page} total={Math.ceil(issued.data.total / issued.data.pageSize)} onChange={setPage} />
        </>
      )}
      {revoking && <RevokeDialog id={revoking.id} name={revoking.name} onClose={() => setRevoking(null)} />}
    </Stack>
  );
}
