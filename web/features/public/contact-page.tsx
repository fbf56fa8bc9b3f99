import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from './i18n';
import { StaticPage } from './static-page';

export default function ContactPage() {
  const t = useT();
  return (
    <StaticPage page="contact" sections={4}>
      <Text>
        <Anchor component={Link} to="/sign-up?role=developer">
          {t('public.contact.signUpDeveloper')}
        </Anchor>
      </Text>
    </StaticPage>
  );
}
