import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type SignUpInput, signUpSchema } from '../../../common/contracts/auth';
import { offeredSignUpRoles, type SignUpRole } from '../../../common/roles';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { chosenLocale, currentLocale, rich, useT } from '../../app/i18n';
import { useTakenOver } from '../../app/taken-over';
import { signUpRequest } from './api';
import { AuthCard } from './auth-card';

type SignUpForm = Omit<SignUpInput, 'userType' | 'terms'> & { userType: string; terms: boolean };

const TRIAL = 'auth.signUp.trial';
/** Catalog keys of the subtitle each role reads. */
const SUBTITLES: Record<SignUpRole, string> = {
  teacher: TRIAL,
  institute: TRIAL,
  student: TRIAL,
  partner: 'auth.signUp.partner',
  developer: 'auth.signUp.developer',
};

export default function SignUpPage() {
  const takenOver = useTakenOver();
  const t = useT();
  const [params] = useSearchParams();
  const shareToken = params.get('shareToken');
  // Partners and developers come through their own links (?role=partner|developer); a role the page offers is
  // chosen for them.
  const linkRole = params.get('role');
  const roles = offeredSignUpRoles(linkRole);
  const preset: SignUpRole | '' = shareToken ? 'student' : (roles.find((role) => role === linkRole) ?? '');
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignUpForm>({
    mode: 'controlled',
    initialValues: {
      fullName: '',
      email: '',
      password: '',
      confirmPassword: '',
      userType: preset,
      terms: false,
    },
    validate: zodValidate(signUpSchema),
    ...commitValidation(['userType', 'terms'], ['confirmPassword']),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      // The language read in now is the account's from the start (decision 068): its e-mails come in it too.
      await signUpRequest({ ...(values as SignUpInput), locale: chosenLocale() ?? currentLocale() });
      setDoneFor(values.email);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      else setFailure(error instanceof Error ? error.message : t('auth.signUp.failedFallback'));
    }
  });

  if (doneFor) {
    return (
      <AuthCard title={t('auth.signUp.checkEmail')}>
        <Alert icon={<IconMailCheck />} color="green" title={t('auth.signUp.created')}>
          {rich('auth.signUp.sentLink', { email: doneFor, b: (chunks) => <b>{chunks}</b> })}
        </Alert>
        <Button
          component={Link}
          to={shareToken ? `/login?shareToken=${encodeURIComponent(shareToken)}` : '/login'}
        >
          {t('auth.signUp.goToLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.signUp.title')} subtitle={t(SUBTITLES[preset || 'teacher'])}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Select
            label={t('auth.signUp.role')}
            placeholder={t('auth.signUp.chooseRole')}
            withAsterisk
            data={roles.map((role) => ({ value: role, label: t(`role.${role}`) }))}
            allowDeselect={false}
            {...form.getInputProps('userType')}
          />
          <TextInput
            label={t('auth.signUp.fullName')}
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('fullName')}
          />
          <TextInput
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.field.password')}
            description={t('auth.signUp.passwordHint')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('auth.signUp.confirmPassword')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          <Checkbox
            label={rich('auth.signUp.accept', {
              terms: (chunks) => (
                <Anchor component={Link} to="/terms-and-conditions" target="_blank">
                  {chunks}
                </Anchor>
              ),
            })}
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          {/* Pressed before React has the page, the browser would send the form itself (decision 071). */}
          <Button type="submit" loading={form.submitting} disabled={!takenOver} fullWidth>
            {t('auth.signUp.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.signUp.haveAccount')}{' '}
            <Anchor component={Link} to="/login">
              {t('auth.signUp.logIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
