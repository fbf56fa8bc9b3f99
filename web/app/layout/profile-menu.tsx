import {
  Avatar,
  Box,
  Button,
  Group,
  Indicator,
  Menu,
  Switch,
  Text,
  UnstyledButton,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowBackUp,
  IconCheck,
  IconCreditCard,
  IconHelp,
  IconLanguage,
  IconLogout,
  IconMoon,
  IconUser,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { LOCALE_NAMES, LOCALES } from '../../../common/i18n/locales';
import { hasOwnPlan, type UserType } from '../../../common/roles';
import { logout, switchBack } from '../account';
import { changeAccount } from '../account-switch';
import { t as translate, useLocale, useT } from '../i18n';
import { chooseLocale } from '../locale-choice';
import { useCloseOnRouteChange } from '../route-change-events';
import { LS, type StoredSession } from '../storage';
import { toast } from '../toast';
import { useStoredJson } from '../use-stored-json';
import { useLogoPaths, useUpdateUserInfo } from '../user-info';

interface Props {
  session: StoredSession;
  userType: UserType;
  collapsed: boolean;
}

/**
 * The spec's "N Day(s) Remaining" during a free trial, with the plural the count takes ("1 Day Remaining",
 * "10 Days Remaining"), as issue 21 asks and as the plan page words it.
 */
export function trialText(days: number | null): string | null {
  return days === null ? null : translate('shell.trialDays', { days });
}

/** Footer and profile menu of SPEC §2. */
export function ProfileMenu({ session, userType, collapsed }: Props) {
  const navigate = useNavigate();
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const updateUser = useUpdateUserInfo(session.userId);
  const logo = useLogoPaths(session.userId);
  const canSwitchBack = useStoredJson<unknown[]>(LS.switchAccountStack, []).length > 0;
  const [menuOpened, menu] = useDisclosure(false);
  useCloseOnRouteChange(menu.close);
  const ownPlan = hasOwnPlan(userType, session.instituteId);
  const planPage = session.isFreeTrial ? 'upgrade' : 'manage';
  const dark = colorScheme === 'dark';
  // SPEC §9: the support dot (a reply from support not yet read) is never shown to admins.
  const newHelp = useStoredJson<string[]>(LS.newHelpIds, []).length > 0 && userType !== 'admin';

  const toggleDark = (next: boolean) => {
    setColorScheme(next ? 'dark' : 'light');
    updateUser.mutate({ isDarkTheme: next }, { onError: (error) => toast('danger', error.message) });
  };
  const goBack = async () => {
    await changeAccount(
      queryClient,
      async () => (await switchBack()) ?? '/',
      (to) => navigate(to, { replace: true }),
    );
  };

  return (
    <Box>
      {canSwitchBack && (
        <Button
          fullWidth
          variant="outline"
          color="orange"
          mb="xs"
          leftSection={<IconArrowBackUp size={18} />}
          onClick={() => void goBack()}
          aria-label={t('shell.backToPrevious')}
          px={collapsed ? 0 : undefined}
        >
          {collapsed ? null : t('shell.backToPrevious')}
        </Button>
      )}
      <Menu position="top-start" width={240} withinPortal opened={menuOpened} onChange={menu.set}>
        <Menu.Target>
          <UnstyledButton
            // The name says what the button shows (name, plan, trial days), then what it does (WCAG 2.5.3).
            aria-label={[
              session.fullName,
              !collapsed && session.planName,
              !collapsed && session.isFreeTrial && trialText(session.remainingTrialDays),
              t('shell.openProfileMenu'),
            ]
              .filter(Boolean)
              .join(', ')}
            w="100%"
            p={4}
            style={{ borderRadius: 8 }}
            data-testid="profile-box"
          >
            <Group gap="sm" wrap="nowrap">
              <Indicator disabled={!newHelp} color="red" size={10} offset={4} data-testid="help-dot">
                <Avatar
                  src={logo.data?.profileImage ?? null}
                  alt={session.fullName}
                  radius="xl"
                  color="initials"
                  name={session.fullName}
                >
                  <IconUser size={18} />
                </Avatar>
              </Indicator>
              {!collapsed && (
                <Box style={{ minWidth: 0 }}>
                  {/* Spaces between the lines, so the text reads as words ("Tara Teacher Free Trial"), not
                      "Tara TeacherFree Trial": the name above must hold the visible text (WCAG 2.5.3). */}
                  <Text size="sm" fw={600} truncate>
                    {session.fullName}
                  </Text>{' '}
                  {session.planName && (
                    <Text size="xs" c="dimmed" truncate>
                      {session.planName}
                    </Text>
                  )}{' '}
                  {session.isFreeTrial && (
                    <Text size="xs" fw={600} data-testid="trial-days">
                      {trialText(session.remainingTrialDays)}
                    </Text>
                  )}
                </Box>
              )}
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {ownPlan && (
            <Menu.Item
              component={Link}
              to={`/plan?page=${planPage}`}
              leftSection={<IconCreditCard size={16} />}
            >
              {session.isFreeTrial ? t('shell.upgradePlan') : t('shell.managePlan')}
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
            {t('shell.profile')}
          </Menu.Item>
          {userType !== 'admin' && (
            <Menu.Item
              component={Link}
              to="/support-tickets"
              // A new ticket says where its writer was (issue 16): the page they opened Help from.
              state={{ from: `${location.pathname}${location.search}` }}
              leftSection={<IconHelp size={16} />}
              rightSection={newHelp ? <Indicator color="red" size={8} position="middle-center" /> : null}
              aria-label={newHelp ? t('shell.helpNewReply') : undefined}
            >
              {t('shell.help')}
            </Menu.Item>
          )}
          {/* A checkbox item: Menu.Item forces role="menuitem", which hid the on/off state from assistive tech. */}
          <Menu.CheckboxItem
            checked={dark}
            onChange={toggleDark}
            rightSection={<Switch checked={dark} readOnly tabIndex={-1} aria-hidden size="xs" />}
          >
            <Group gap={8} wrap="nowrap" component="span">
              <IconMoon size={16} aria-hidden />
              {t('shell.darkMode')}
            </Group>
          </Menu.CheckboxItem>
          <Menu.Divider />
          <Menu.Label>
            <Group gap={6} wrap="nowrap" component="span">
              <IconLanguage size={14} aria-hidden />
              {t('language.menu')}
            </Group>
          </Menu.Label>
          {/* Each language in its own script; the one in use is checked (decision 068). */}
          {LOCALES.map((code) => (
            <Menu.CheckboxItem
              key={code}
              checked={code === locale}
              lang={code}
              rightSection={code === locale ? <IconCheck size={14} aria-hidden /> : null}
              onChange={() => {
                void chooseLocale(code).catch((error: Error) => toast('danger', error.message));
              }}
              data-testid={`locale-${code}`}
            >
              {LOCALE_NAMES[code]}
            </Menu.CheckboxItem>
          ))}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
            {t('shell.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Box>
  );
}
