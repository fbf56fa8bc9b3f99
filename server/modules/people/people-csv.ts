import type { FastifyReply } from 'fastify';
import type { PersonRow } from '../../../common/contracts/people';
import { sendCsv, toCsv } from '../reports/csv';

const HEADER = [
  'Name',
  'Email',
  'Role',
  'Institute',
  'Plan',
  'Billing',
  'Trial days left',
  'Courses',
  'Status',
  'Signed up',
  'Last login',
];

/** A people list as a spreadsheet: the whole filtered list, one person per line. */
export function sendPeopleCsv(reply: FastifyReply, name: string, rows: PersonRow[]) {
  const csv = toCsv(
    HEADER,
    rows.map((row) => [
      row.fullName,
      row.email,
      row.userType,
      row.institute?.fullName ?? '',
      row.planName ?? '',
      row.billing === 'none' ? '' : row.billing,
      row.trialDaysLeft,
      row.courses,
      row.isActive ? 'active' : 'deactivated',
      row.createdAt,
      row.lastLoginAt,
    ]),
  );
  return sendCsv(reply, name, csv);
}
