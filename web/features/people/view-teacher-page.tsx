import { PersonPage } from './person-page';

/** /view-teacher?id=…: one account's page. */
export default function ViewTeacherPage() {
  return <PersonPage kind="teacher" />;
}
