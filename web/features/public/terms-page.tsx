import { StaticPage } from './static-page';

export default function TermsPage() {
  return (
    <StaticPage
      title="Terms and Conditions"
      intro="By using Gurukul you agree to these terms."
      sections={[
        {
          heading: 'Accounts',
          body: 'Keep your password private. You are responsible for what happens under your account.',
        },
        {
          heading: 'Content',
          body: 'Teachers and institutes own their courses and confirm they have the right to publish them.',
        },
        {
          heading: 'Plans',
          body: 'Plans start with a free trial. After it ends, a paid plan is needed to keep building gurus and courses.',
        },
      ]}
    />
  );
}
