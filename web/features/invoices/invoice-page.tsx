import { Alert, Anchor, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { useUrlFilters } from '../../app/use-url-filters';
import { Pager } from '../../components/pager';
import { coveredByInstitute, InstituteCoversNotice, isCoveredRefusal } from '../billing';
import { INVOICE_PAGE_SIZE, useInvoices } from './api';
import { rich, useT } from './i18n';
import { InvoiceFilters } from './invoice-filters';
import { InvoicesTable } from './invoices-table';

/** Invoice: the owner's (or partner's) numbered invoices, filterable, each downloadable as a PDF. */
export default function InvoicePage() {
  const t = useT();
  const session = useSession();
  const filters = useUrlFilters();
  const { params, page, update } = filters;
  const query = {
    kind: params.get('kind') || undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    page,
  };
  // A teacher inside an institute has no invoices of their own: no request, a plain word instead.
  const covered = coveredByInstitute(session);
  const invoices = useInvoices(query, !covered);
  const filtered = Boolean(query.kind || query.from || query.to);
  const totalPages = Math.ceil((invoices.data?.total ?? 0) / INVOICE_PAGE_SIZE);
  const isPartner = session?.userType === 'partner';
  if (covered || isCoveredRefusal(invoices.error))
    return (
      <Container size="xl">
        <Stack>
          <Title order={1} size="h2">
            {t('invoices.title')}
          </Title>
          <InstituteCoversNotice what="invoices" />
        </Stack>
      </Container>
    );
  return (
    <Container size="xl">
      <Stack>
        <Title order={1} size="h2">
          {t('invoices.title')}
        </Title>
        <InvoiceFilters filters={filters} showCommission={isPartner} />
        {invoices.isError && <Alert color="red">{invoices.error.message}</Alert>}
        {invoices.isPending && <Skeleton h={240} />}
        {invoices.data?.total === 0 && (
          <Card withBorder padding="xl" ta="center">
            <Text fw={600}>{filtered ? t('invoices.empty.filtered') : t('invoices.empty.none')}</Text>
            <Text c="dimmed" size="sm">
              {filtered
                ? t('invoices.empty.filteredHint')
                : isPartner
                  ? rich('invoices.empty.partnerHint', {
                      link: (chunks) => (
                        <Anchor component={Link} to="/partner-report?tab=links" underline="always">
                          {chunks}
                        </Anchor>
                      ),
                    })
                  : rich('invoices.empty.ownerHint', {
                      link: (chunks) => (
                        <Anchor component={Link} to="/plan">
                          {chunks}
                        </Anchor>
                      ),
                    })}
            </Text>
          </Card>
        )}
        {invoices.data && invoices.data.total > 0 && <InvoicesTable invoices={invoices.data.invoices} />}
        {totalPages > 1 && (
          <Pager
            page={page}
            total={totalPages}
            onChange={(value) => update({ page: String(value) }, false)}
          />
        )}
      </Stack>
    </Container>
  );
}
