import { Button, Card, Container, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { emailField } from '../../../common/contracts/fields';
import { landingFor } from '../../../common/guard';
import { switchInto } from '../../app/account';
import { useApprovalCount } from '../../app/approval-count';
import { zodValidate } from '../../app/forms';
import { toast } from '../../app/toast';
import { impersonateRequest } from '../auth';
import { DeveloperAccessCard } from '../logs';

const switchSchema = z.object({ email: emailField });

/** Admin home. The full dashboard (figures, charts) arrives with the admin issue. */
export default function DashboardPage() {
  const approvals = useApprovalCount(true);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodValidate(switchSchema),
  });

  const switchUser = form.onSubmit(async ({ email }) => {
    try {
      const answer = await impersonateRequest({ email: email.trim().toLowerCase() });
      switchInto(answer, location.pathname + location.search);
      queryClient.clear();
      toast('info', `You are now logged in as ${answer.userObj.fullName}`);
      navigate(
        landingFor({
          ...answer.userObj,
          trialEnded: answer.trialEnded,
          subscriptionEnded: answer.subscriptionEnded,
        }),
      );
    } catch (error) {
      form.setFieldError('email', error instanceof Error ? error.message : 'Could not switch');
    }
  });

  return (
    <Container size="lg">
      <Stack>
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder padding="lg">
            <Text c="dimmed" size="sm">
              Courses waiting for approval
            </Text>
            <Text fz={36} fw={800} data-testid="dashboard-approvals">
              {approvals}
            </Text>
            <Button component={Link} to="/approvals" variant="light" mt="sm">
              Review approvals
            </Button>
          </Card>
          <Card withBorder padding="lg">
            <form onSubmit={switchUser} noValidate>
              <Stack gap="xs">
                <Text fw={600}>Log in as another user</Text>
                <Text size="sm" c="dimmed">
                  Act as a teacher, institute, student, partner or developer to help them. Every switch is
                  recorded.
                </Text>
                <Group align="flex-start" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label="Email of the user"
                    placeholder="user@example.com"
                    {...form.getInputProps('email')}
                  />
                  <Button type="submit" loading={form.submitting}>
                    Log in as
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
          <DeveloperAccessCard />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
