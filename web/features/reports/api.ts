import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminStudentList,
  CourseStat,
  MyReport,
  StudentList,
  StudentReport,
  TeacherList,
} from '../../../common/contracts/reports';
import { api } from '../../app/api';
import { downloadFile } from '../../app/download';
import { t } from './i18n';

type Query = Record<string, string | number | undefined>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A YYYY-MM-DD from a date input as the exact start (or end) of that day in the browser's time zone. */
function localDay(value: string | number | undefined, end: boolean) {
  const match = typeof value === 'string' ? DAY.exec(value) : null;
  if (!match) return value;
  const [year, month, day] = match.slice(1).map(Number);
  const at = end ? new Date(year, month - 1, day, 23, 59, 59, 999) : new Date(year, month - 1, day);
  return at.toISOString();
}

/**
 * The server reads a bare date as a UTC day; the person filtering means their own day, so the date
 * filters are sent as instants (the API accepts both).
 */
export const withLocalDays = (query: Query): Query => ({
  ...query,
  from: localDay(query.from, false),
  to: localDay(query.to, true),
});

export const reportKeys = {
  all: ['reports'] as const,
  me: (query: Query) => ['reports', 'me', query] as const,
  students: (query: Query) => ['reports', 'students', query] as const,
  student: (id: string, query: Query) => ['reports', 'student', id, query] as const,
  courses: ['reports', 'courses'] as const,
  admin: (tab: string, query: Query) => ['reports', 'admin', tab, query] as const,
};

export function useMyReport(query: Query) {
  return useQuery({
    queryKey: reportKeys.me(query),
    queryFn: () => api<MyReport>('/reports/me', { query: withLocalDays(query) }),
    placeholderData: keepPreviousData,
  });
}

export function useStudents(query: Query) {
  return useQuery({
    queryKey: reportKeys.students(query),
    queryFn: () => api<StudentList>('/reports/students', { query: withLocalDays(query) }),
    placeholderData: keepPreviousData,
  });
}

/** One student's report; asks nothing until there is a student id (the page explains instead). */
export function useStudentReport(studentId: string | null, query: Query) {
  return useQuery({
    queryKey: reportKeys.student(studentId ?? '', query),
    queryFn: () => api<StudentReport>(`/reports/students/${studentId}`, { query: withLocalDays(query) }),
    placeholderData: keepPreviousData,
    enabled: studentId !== null,
  });
}

export function useCourseStats() {
  return useQuery({
    queryKey: reportKeys.courses,
    queryFn: async () => (await api<{ courses: CourseStat[] }>('/reports/courses')).courses,
  });
}

export function useAdminTeachers(query: Query) {
  return useQuery({
    queryKey: reportKeys.admin('teacher', query),
    queryFn: () => api<TeacherList>('/admin-reports/teachers', { query: withLocalDays(query) }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminStudents(query: Query) {
  return useQuery({
    queryKey: reportKeys.admin('student', query),
    queryFn: () => api<AdminStudentList>('/admin-reports/students', { query: withLocalDays(query) }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads a report's CSV: the server needs the Authorization header, so a plain link cannot do it;
 * downloadFile fetches it with the header and saves it under the server's file name.
 */
export async function downloadCsv(path: string, query: Query): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({
    ...withLocalDays(query),
    format: 'csv',
    page: undefined,
    pageSize: undefined,
  }))
    if (value !== undefined && value !== '') params.set(key, String(value));
  await downloadFile(`${path}?${params}`, 'report.csv', t('reports.export.failed'));
}
