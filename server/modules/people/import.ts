import { emailField } from '../../../common/contracts/fields';
import {
  IMPORT_MAX_ROWS,
  type ImportReport,
  type ImportRow,
  INSTITUTE_MEMBER_ROLES,
  type MemberRole,
} from '../../../common/contracts/people';
import type { Locale } from '../../../common/i18n/locales';
import type { Actor } from '../../http/actor';
import type { App } from '../../http/app-type';
import { badRequest } from '../../http/errors';
import { speak } from '../../http/locale';
import { type Said, said } from '../../i18n/said';
import { readCsvUpload } from '../files/csv-reader';
import { limitOf } from '../plans/limits';
import { refusalFor, seatsTaken, sendInvite } from './invites';

const HEADERS: Record<string, 'email' | 'fullName' | 'role'> = {
  email: 'email',
  'e-mail': 'email',
  'email address': 'email',
  name: 'fullName',
  'full name': 'fullName',
  fullname: 'fullName',
  role: 'role',
  type: 'role',
};

/**
 * The header (lower-cased) and each record with the line it starts on, cells trimmed (files/csv-reader.ts: blank
 * lines skipped, numbers kept; a line of empty cells, ",,", is a blank row of a spreadsheet, not a person).
 */
function parseRows(bytes: Buffer): { header: string[]; records: { line: number; cells: string[] }[] } {
  const parsed = readCsvUpload(bytes, () => badRequest(said('server.people.notCsv'))).map((record) => ({
    line: record.line,
    cells: record.cells.map((cell) => cell.trim()),
  }));
  if (parsed.length === 0) throw badRequest(said('server.people.fileEmpty'));
  const [header, ...rest] = parsed;
  return {
    header: header.cells.map((cell) => cell.toLowerCase()),
    records: rest.filter(({ cells }) => cells.some((cell) => cell !== '')),
  };
}

/**
 * Invites everyone listed in a CSV (columns: email, and optionally name and role) and reports each line:
 * invited, or refused with the reason. Good lines are not held back by bad ones; seats are counted as the
 * file is read, so the lines past the plan's limit are the ones refused.
 */
export async function importInvites(
  app: App,
  institute: Actor,
  bytes: Buffer,
  defaultRole: MemberRole,
  locale: Locale = 'en',
): Promise<ImportReport> {
  const { header, records } = parseRows(bytes);
  const columns = header.map((name) => HEADERS[name]);
  const emailAt = columns.indexOf('email');
  if (emailAt < 0) throw badRequest(said('server.people.noEmailColumn'));
  if (records.length > IMPORT_MAX_ROWS) {
    throw badRequest(said('server.people.tooManyRows', { max: IMPORT_MAX_ROWS }));
  }
  const nameAt = columns.indexOf('fullName');
  const roleAt = columns.indexOf('role');
  const seats: Record<MemberRole, { taken: number; limit: number | null }> = {
    teacher: {
      taken: await seatsTaken(app, institute.userId, 'teacher'),
      limit: await limitOf(app, institute, 'teacherSeats'),
    },
    student: {
      taken: await seatsTaken(app, institute.userId, 'student'),
      limit: await limitOf(app, institute, 'studentSeats'),
    },
  };
  const seen = new Set<string>();
  const rows: ImportRow[] = [];
  for (const { line, cells: record } of records) {
    const raw = record[emailAt] ?? '';
    // Each line's reason in the institute's language (decision 070).
    const refuse = (reason: Said) =>
      rows.push({ line, email: raw, outcome: 'refused', reason: speak(locale, reason) });
    const email = emailField.safeParse(raw);
    if (!email.success) {
      refuse(said(raw ? 'server.people.import.notAnEmail' : 'server.people.import.noEmail'));
      continue;
    }
    const roleText = roleAt >= 0 ? (record[roleAt] ?? '').toLowerCase() : '';
    const role = (roleText || defaultRole) as MemberRole;
    if (!INSTITUTE_MEMBER_ROLES.includes(role)) {
      refuse(said('server.people.import.badRole'));
      continue;
    }
    if (seen.has(email.data)) {
      refuse(said('server.people.import.listedTwice'));
      continue;
    }
    seen.add(email.data);
    const refusal = await refusalFor(app, institute.userId, email.data, role);
    if (refusal) {
      refuse(refusal);
      continue;
    }
    const seat = seats[role];
    if (seat.limit !== null && seat.taken >= seat.limit) {
      refuse(
        said(
          role === 'teacher' ? 'server.people.import.noSeat.teacher' : 'server.people.import.noSeat.student',
        ),
      );
      continue;
    }
    const fullName = nameAt >= 0 ? (record[nameAt] ?? '').slice(0, 200) : '';
    await sendInvite(app, institute, { email: email.data, fullName, userType: role });
    seat.taken += 1;
    rows.push({ line, email: email.data, outcome: 'invited', reason: null });
  }
  const invited = rows.filter((row) => row.outcome === 'invited').length;
  return { invited, refused: rows.length - invited, rows };
}
