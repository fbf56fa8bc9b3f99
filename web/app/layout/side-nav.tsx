import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  NavLink,
  Stack,
  Tooltip,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconCompass } from '@tabler/icons-react';
import { Link } from 'react-router';
import { navKey } from '../../../common/i18n/catalog';
import { badgeText, type NavItem, sideNavFor } from '../../../common/navigation';
import type { UserType } from '../../../common/roles';
import { homeFor } from '../../../common/routes';
import { BrandMark } from '../../components/brand-mark';
import { useApprovalCount } from '../approval-count';
import { useT } from '../i18n';
import type { StoredSession } from '../storage';
import { LS } from '../storage';
import { useOpenTicketCount } from '../support-count';
import { useStoredJson } from '../use-stored-json';
import { useLogoPaths } from '../user-info';
import { Logo } from './logo';
import { NAV_ICONS } from './nav-icons';
import { ProfileMenu } from './profile-menu';

interface Props {
  session: StoredSession;
  userType: UserType;
  activeName: string;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onNavigate: () => void;
}

/**
 * The brand a teacher or institute works under (issue 19 item 7): their own logo, or for a teacher of an
 * institute the institute's; null for other roles and for those without one (the product's logo shows).
 */
function useOwnBrandLogo(session: StoredSession, userType: UserType): string | null {
  const branded = userType === 'teacher' || userType === 'institute';
  const own = useLogoPaths(branded ? session.userId : undefined, 'medium');
  const institute = useLogoPaths(branded && session.instituteId ? session.instituteId : undefined, 'medium');
  return own.data?.brandLogo ?? institute.data?.brandLogo ?? null;
}

/** The side navigation of SPEC §2, drawn from common/navigation.ts. */
export function SideNav({ session, userType, activeName, collapsed, onToggleCollapsed, onNavigate }: Props) {
  const t = useT();
  const approvals = useApprovalCount(userType === 'admin');
  const openTickets = useOpenTicketCount(userType === 'admin');
  const hasNewMessage = useStoredJson<boolean>(LS.newChat, false) === true;
  const items = sideNavFor(userType, session.instituteId, session.hiddenModules);
  const explore = userType === 'teacher' || userType === 'student' || userType === 'institute';
  const brandLogo = useOwnBrandLogo(session, userType);

  return (
    <Stack gap="xs" h="100%" justify="space-between">
      <Stack gap={4}>
        <Group visibleFrom="sm" justify={collapsed ? 'center' : 'space-between'} mb="xs" wrap="nowrap">
          {!collapsed &&
            (brandLogo ? (
              <Link to={homeFor(userType)} aria-label={t('shell.home')} style={{ display: 'flex' }}>
                <BrandMark url={brandLogo} name={session.fullName} height={32} />
              </Link>
            ) : (
              <Logo to={homeFor(userType)} />
            ))}
          <ActionIcon
            variant="subtle"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('shell.expandNav') : t('shell.collapseNav')}
            aria-expanded={!collapsed}
          >
            {collapsed ? <IconChevronRight size={18} /> : <IconChevronLeft size={18} />}
          </ActionIcon>
        </Group>
        {items.map((item) => (
          <NavEntry
            key={item.to}
            item={item}
            active={item.activeFor.includes(activeName)}
            collapsed={collapsed}
            count={
              item.badge === 'approvals'
                ? badgeText(approvals)
                : item.badge === 'open-tickets'
                  ? badgeText(openTickets)
                  : null
            }
            dot={item.badge === 'new-message' && hasNewMessage}
            onNavigate={onNavigate}
          />
        ))}
      </Stack>
      <Stack gap="xs">
        <Divider />
        {explore && (
          <Button
            component={Link}
            to="/explore-new-courses"
            variant="light"
            leftSection={<IconCompass size={18} />}
            onClick={onNavigate}
            aria-label={t('shell.exploreCourses')}
            px={collapsed ? 0 : undefined}
          >
            {collapsed ? null : t('shell.exploreCourses')}
          </Button>
        )}
        <ProfileMenu session={session} userType={userType} collapsed={collapsed} />
      </Stack>
    </Stack>
  );
}

interface EntryProps {
  item: NavItem;
  active: boolean;
  collapsed: boolean;
  count: string | null;
  dot: boolean;
  onNavigate: () => void;
}

function NavEntry({ item, active, collapsed, count, dot, onNavigate }: EntryProps) {
  const t = useT();
  const Icon = NAV_ICONS[item.label] ?? IconCompass;
  // The spec's label (common/navigation.ts) in the interface's language.
  const label = t(navKey(item.label));
  const link = (
    <NavLink
      component={Link}
      to={item.to}
      onClick={onNavigate}
      // A space between the label and its count, so the text as read is "Approvals 2", not "Approvals2".
      label={collapsed ? undefined : count ? `${label} ` : label}
      // The name holds what the link shows, the count too ("Approvals 2"; WCAG 2.5.3), and stays when collapsed.
      aria-label={count ? `${label} ${count}` : label}
      leftSection={
        <Indicator
          disabled={!dot}
          size={9}
          color="red"
          offset={2}
          data-testid={dot ? 'new-message-dot' : undefined}
        >
          <Icon size={20} stroke={1.6} />
        </Indicator>
      }
      rightSection={
        count && !collapsed ? (
          <Badge size="sm" circle={count.length === 1} data-testid={`${item.badge}-badge`}>
            {count}
          </Badge>
        ) : null
      }
      active={active}
      aria-current={active ? 'page' : undefined}
      style={{ borderRadius: 8 }}
    />
  );
  if (!collapsed) return link;
  return (
    <Tooltip label={count ? `${label} (${count})` : label} position="right">
      <Box>{link}</Box>
    </Tooltip>
  );
}
