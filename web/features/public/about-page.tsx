import { StaticPage } from './static-page';

export default function AboutPage() {
  return (
    <StaticPage
      title="About Us"
      intro="Gurukul is a platform for teachers and institutes who want every student to have a patient instructor at hand."
      sections={[
        {
          heading: 'What we build',
          body: 'AI instructors grounded in your own material, and courses whose lessons are narrated videos made from your slides.',
        },
        {
          heading: 'Who it is for',
          body: 'Independent teachers, institutes with many faculty members, and the students who learn from them.',
        },
        {
          heading: 'How we work',
          body: 'Your content stays yours. Gurus answer from what you taught and say so plainly when a question is outside the course.',
        },
      ]}
    />
  );
}
