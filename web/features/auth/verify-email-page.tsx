import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../app/i18n';
import { verifyEmailRequest } from './api';
import { AuthCard } from './auth-card';

export default function VerifyEmailPage() {
  const t = useT();
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
    <AuthCard title={t('auth.verify.title')}>
      <Stack>
        {!token && (
          <Alert color="yellow" role="alert">
            {t('auth.verify.needsLink')}
          </Alert>
        )}
        {result.isPending && token && <Loader aria-label={t('auth.verify.verifying')} />}
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
          {t('auth.signUp.goToLogin')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
