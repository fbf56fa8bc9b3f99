import { Alert, Anchor, Container } from '@mantine/core';
import { Link } from 'react-router';

/** The page's subject could not be loaded (gone, or not the caller's): the server's reason and a way back. */
export function LoadFailed(props: { title: string; message: string; backTo: string; backLabel: string }) {
  return (
    <Container size="md">
      <Alert color="red" title={props.title}>
        {props.message}{' '}
        <Anchor component={Link} to={props.backTo}>
          {props.backLabel}
        </Anchor>
      </Alert>
    </Container>
  );
}
