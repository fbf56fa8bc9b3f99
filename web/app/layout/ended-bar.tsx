import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { logout } from '../account';

/** What a user held by an ended trial or subscription can still open. */
export function EndedBar() {
  return (
    <Group gap="xs" component="nav" aria-label="Account">
      <Button component={Link} to="/plan?page=upgrade" variant="subtle" size="xs">
        Plan
      </Button>
      <Button component={Link} to="/payment-history" variant="subtle" size="xs">
        Payment History
      </Button>
      <Button component={Link} to="/invoice" variant="subtle" size="xs">
        Invoice
      </Button>
      <Button variant="light" color="red" size="xs" onClick={() => void logout()}>
        Logout
      </Button>
    </Group>
  );
}
