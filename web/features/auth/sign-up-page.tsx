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
import { offeredSignUpRoles, ROLE_LABELS, type SignUpRole } from '../../../common/roles';
import { ApiError } from '../../app/api';
import { commitValidation, zodValidate } from '../../app/forms';
import { signUpRequest } from './api';
import { AuthCard } from './auth-card';

type SignUpForm = Omit<SignUpInput, 'userType' | 'terms'> & { userType: string; terms: boolean };

const TRIAL = 'Teachers and institutes start with a free trial.';
const SUBTITLES: Record<SignUpRole, string> = {
  teacher: TRIAL,
  institute: TRIAL,
  student: TRIAL,
  partner: 'Partners earn a commission on the people they refer.',
  developer: 'An admin grants developers access to the logs after sign-up.',
};

export default function SignUpPage() {
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
      await signUpRequest(values as SignUpInput);
      setDoneFor(values.email);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      else setFailure(error instanceof Error ? error.message : 'Sign up failed');
    }
  });

  if (doneFor) {
    return (
      <AuthCard title="Check your email">
        <Alert icon={<IconMailCheck />} color="green" title="Account created">
          We sent a verification link to <b>{doneFor}</b>. Open it to activate your account, then log in.
        </Alert>
        <Button
          component={Link}
          to={shareToken ? `/login?shareToken=${encodeURIComponent(shareToken)}` : '/login'}
        >
          Go to login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your account" subtitle={SUBTITLES[preset || 'teacher']}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Select
            label="I am a"
            placeholder="Choose your role"
            withAsterisk
            data={roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
            allowDeselect={false}
            {...form.getInputProps('userType')}
          />
          <TextInput label="Full name" autoComplete="name" withAsterisk {...form.getInputProps('fullName')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            description="8-15 characters with an uppercase letter, a lowercase letter and a digit"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          <Checkbox
            label={
              <>
                I accept the{' '}
                <Anchor component={Link} to="/terms-and-conditions" target="_blank">
                  terms and conditions
                </Anchor>
              </>
            }
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            Sign up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
