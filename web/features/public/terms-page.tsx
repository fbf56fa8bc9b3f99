import { StaticPage } from './static-page';

export default function TermsPage() {
  return <StaticPage page="terms" sections={3} />;
}
