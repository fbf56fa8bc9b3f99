import { AdminPeopleList } from './admin-people-list';

/** /teachers: teachers and institutes (tabs teacher and institute, SPEC §2). */
export default function TeachersPage() {
  return <AdminPeopleList title="Teachers" roles={['teacher', 'institute']} />;
}
