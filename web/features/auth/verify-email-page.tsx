import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { verifyEmailRequest } from './api';
import { AuthCard } from './auth-card';

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmailRequest(token),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  return (
    <AuthCard title="Verify your email">
      <Stack>
        {!token && (
          <Alert color="yellow" role="alert">
            This page needs the link from your verification email. Log in to get a new link.
          </Alert>
        )}
        {result.isPending && token && <Loader aria-label="Verifying" />}
        {result.isSuccess && (
          <Alert color="green" role="status">
            {result.data.message}
          </Alert>
        )}
        {result.isError && (
          <Alert color="red" role="alert">
            {result.error.message}
          </Alert>
        )}
        <Button component={Link} to="/login">
          Go to login
        </Button>
      </Stack>
    </AuthCard>
  );
}
