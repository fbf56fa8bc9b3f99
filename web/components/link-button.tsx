import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A button that opens a page. Disabled, it is a real disabled `<button>`: a link cannot be disabled (it stays
 * focusable, is announced as a link, and its greyed text fails contrast checks that skip disabled controls).
 */
export function LinkButton({
  to,
  disabled,
  children,
  ...props
}: ButtonProps & { to: string; children: ReactNode }) {
  if (disabled) {
    return (
      <Button {...props} disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button {...props} component={Link} to={to}>
      {children}
    </Button>
  );
}
