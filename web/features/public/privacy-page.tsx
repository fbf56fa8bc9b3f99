import { StaticPage } from './static-page';

export default function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      intro="We collect only what we need to run your account and your courses."
      sections={[
        {
          heading: 'What we store',
          body: 'Your name, email, password hash, profile images, course content, quiz attempts and conversations with gurus.',
        },
        {
          heading: 'Who sees it',
          body: 'You, the teachers and institutes whose courses you take, and Gurukul administrators for support.',
        },
        {
          heading: 'Your choices',
          body: 'You can change your profile at any time and ask support to delete your account and data.',
        },
      ]}
    />
  );
}
