import { InstitutePeoplePage } from './institute-people-page';

/** /student-list: the institute's own students. */
export default function StudentListPage() {
  return <InstitutePeoplePage kind="student" />;
}
