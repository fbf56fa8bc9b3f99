import { AdminPeopleList } from './admin-people-list';

/** /students: every student of the platform. */
export default function StudentsPage() {
  return <AdminPeopleList title="Students" roles={['student']} />;
}
