import { InstitutePeoplePage } from './institute-people-page';

/** /teacher-list: the institute's own teachers. */
export default function TeacherListPage() {
  return <InstitutePeoplePage kind="teacher" />;
}
