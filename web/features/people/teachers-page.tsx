import { AdminPeopleList } from './admin-people-list';
import { useT } from './i18n';

/** /teachers: teachers and institutes (tabs teacher and institute, SPEC §2). */
export default function TeachersPage() {
  const t = useT();
  return <AdminPeopleList title={t('people.page.teachers')} roles={['teacher', 'institute']} />;
}
