import { Alert, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { SessionAnswer } from '../../../common/contracts/auth';
import { type InvitationView, invitationSignUpSchema } from '../../../common/contracts/people';
import { landingFor } from '../../../common/guard';
import { refreshAccount } from '../../app/account';
import { ApiError, api } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { useSession } from '../../app/session';
import { writeSession } from '../../app/storage';
import { toast } from '../../app/toast';
import { AuthCard } from '../auth';
import { rich, useT } from './i18n';

const landing = (answer: SessionAnswer) =>
  landingFor({
    userType: answer.userObj.userType,
    trialEnded: answer.trialEnded,
    subscriptionEnded: answer.subscriptionEnded,
  });

/**
 * /invitation?token=…: the link of an institute's invitation. A new person signs up here (the address is the
 * invited one, proven by the link); someone with an account logs in with it and accepts.
 */
export default function InvitationPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const session = useSession();
  // Once used, the link is spent: the page must not ask for it again while it leaves.
  const [used, setUsed] = useState(false);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () =>
      api<InvitationView>(`/invitations/${encodeURIComponent(token)}`, { handleUnauthorized: false }),
    enabled: token.length > 0 && !used,
    retry: false,
  });

  if (!token || invitation.isError) {
    return (
      <AuthCard title={t('people.invitation.title')} subtitle={t('people.invitation.subtitle')}>
        <Alert color="red" role="alert">
          {invitation.error?.message ?? t('people.invitation.incomplete')}
        </Alert>
      </AuthCard>
    );
  }
  if (!invitation.data) {
    return (
      <AuthCard title={t('people.invitation.title')} subtitle={t('people.invitation.subtitle')}>
        <Loader mx="auto" />
      </AuthCard>
    );
  }
  const view = invitation.data;
  return (
    <AuthCard
      title={t('people.invitation.join', { institute: view.instituteName })}
      subtitle={t(`people.invitation.invites.${view.userType}`, { institute: view.instituteName })}
    >
      {view.accountExists ? (
        <AcceptInvitation
          token={token}
          view={view}
          loggedInAs={session?.email ?? null}
          onUsed={() => setUsed(true)}
        />
      ) : (
        <SignUpFromInvitation token={token} view={view} onUsed={() => setUsed(true)} />
      )}
    </AuthCard>
  );
}

function SignUpFromInvitation({
  token,
  view,
  onUsed,
}: {
  token: string;
  view: InvitationView;
  onUsed: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { fullName: view.fullName, password: '' },
    validate: zodValidate(invitationSignUpSchema),
    ...commitValidation(),
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await api<SessionAnswer>(`/invitations/${encodeURIComponent(token)}/sign-up`, {
        method: 'POST',
        body: values,
        handleUnauthorized: false,
      });
      onUsed();
      writeSession(answer, false);
      queryClient.clear();
      toast('success', t('people.invitation.welcome', { institute: view.instituteName }));
      navigate(landing(answer), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      setFailure((error as Error).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label={t('people.invitation.email')} value={view.email} readOnly disabled />
        <TextInput label={t('people.invitation.fullName')} required {...form.getInputProps('fullName')} />
        <PasswordInput label={t('people.invitation.password')} required {...form.getInputProps('password')} />
        <Button type="submit" loading={form.submitting}>
          {t('people.invitation.create')}
        </Button>
      </Stack>
    </form>
  );
}

function AcceptInvitation({
  token,
  view,
  loggedInAs,
  onUsed,
}: {
  token: string;
  view: InvitationView;
  loggedInAs: string | null;
  onUsed: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const itsMe = loggedInAs?.toLowerCase() === view.email.toLowerCase();
  if (!itsMe) {
    return (
      <Stack>
        <Text size="sm">
          {loggedInAs
            ? rich('people.invitation.existsOther', {
                email: view.email,
                current: loggedInAs,
                b: (chunks) => <b>{chunks}</b>,
              })
            : rich('people.invitation.exists', { email: view.email, b: (chunks) => <b>{chunks}</b> })}
        </Text>
        {!loggedInAs && (
          <Button component={Link} to={`/login?invitation=${encodeURIComponent(token)}`}>
            {t('people.invitation.logInToAccept')}
          </Button>
        )}
      </Stack>
    );
  }
  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api(`/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' });
      onUsed();
      await refreshAccount();
      toast('success', t('people.invitation.joined', { institute: view.instituteName }));
      navigate('/profile', { replace: true });
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Text size="sm">{t('people.invitation.loggedInAs', { email: view.email })}</Text>
      <Button onClick={accept} loading={busy}>
        {t('people.invitation.accept', { institute: view.instituteName })}
      </Button>
    </Stack>
  );
}
