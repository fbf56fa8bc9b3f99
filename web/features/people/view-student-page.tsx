import { PersonPage } from './person-page';

/** /view-student?id=…: one account's page. */
export default function ViewStudentPage() {
  return <PersonPage kind="student" />;
}
