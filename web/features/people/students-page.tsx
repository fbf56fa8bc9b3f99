import { AdminPeopleList } from './admin-people-list';
import { useT } from './i18n';

/** /students: every student of the platform. */
export default function StudentsPage() {
  const t = useT();
  return <AdminPeopleList title={t('people.page.students')} roles={['student']} />;
}
