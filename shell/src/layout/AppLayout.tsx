import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router-dom';
import {
  Menu,
  MenuButton,
  MenuItem,
  MenuItemLink,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import {
  Board20Regular,
  Briefcase20Regular,
  ChartMultiple20Regular,
  ChatHelp20Regular,
  DataArea20Regular,
  History20Regular,
  Mail20Regular,
  Navigation20Regular,
  PanelLeftContract20Regular,
  PanelLeftExpand20Regular,
  Payment20Regular,
  People20Regular,
  PlugConnected20Regular,
  QuestionCircle20Regular,
  Settings20Regular,
  SignOut20Regular,
} from '@fluentui/react-icons';
import { useAuth, Button, RemoteComponent } from '@dealflow/web-kit';
import { getPageTitle } from '../routing/route-table';
import { useSupportEmail } from './use-support-email';
import { useIsMobile } from './use-is-mobile';
import { ThemeToggle } from '../theme/ThemeToggle';
import { EmailVerificationBanner } from './EmailVerificationBanner';

export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_COLLAPSED_WIDTH = '4rem';

interface TNavItem {
  label: string;
  href: string;
  icon: ReactNode;
  ownerOnly?: boolean;
  /** Settings is opened by a full browser navigation (seed 001 section 2). */
  fullNavigation?: boolean;
}

const mainItems: TNavItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: <Board20Regular /> },
  { label: 'Processed Records', href: '/processed-emails', icon: <Mail20Regular /> },
  { label: 'Deals', href: '/deals', icon: <Briefcase20Regular /> },
  { label: 'Integration 1', href: '/integration-1', icon: <PlugConnected20Regular /> },
  { label: 'Integration 2', href: '/integration-2', icon: <DataArea20Regular /> },
  { label: 'Analytics', href: '/analytics', icon: <ChartMultiple20Regular /> },
];
const accountItems: TNavItem[] = [
  { label: 'Team Members', href: '/team-members', icon: <People20Regular />, ownerOnly: true },
  { label: 'Billing', href: '/billing', icon: <Payment20Regular />, ownerOnly: true },
  { label: 'Activity', href: '/activity', icon: <History20Regular />, ownerOnly: true },
  { label: 'Settings', href: '/settings', icon: <Settings20Regular />, fullNavigation: true },
];

const useStyles = makeStyles({
  root: { display: 'flex', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  sidebar: {
    position: 'fixed',
    top: 0,
    bottom: 0,
    left: 0,
    zIndex: 20,
    display: 'flex',
    flexDirection: 'column',
    width: SIDEBAR_WIDTH,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
    // visibility flips after the slide-out: a closed drawer's links leave the tab order and the a11y tree.
    transitionProperty: 'width, transform, visibility',
    transitionDuration: '200ms',
    overflowX: 'hidden',
  },
  sidebarCollapsed: { width: SIDEBAR_COLLAPSED_WIDTH },
  sidebarMobileHidden: { transform: 'translateX(-100%)', visibility: 'hidden' },
  backdrop: {
    position: 'fixed',
    inset: 0,
    zIndex: 15,
    backgroundColor: 'rgba(0,0,0,0.35)',
    border: 'none',
    padding: 0,
  },
  brand: { display: 'flex', alignItems: 'center', gap: '10px', padding: '16px', minHeight: '40px' },
  badge: {
    flexShrink: 0,
    width: '32px',
    height: '32px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: tokens.fontWeightBold,
  },
  companyName: {
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  nav: { flexGrow: 1, overflowY: 'auto', padding: '8px' },
  sectionTitle: {
    margin: '16px 8px 4px',
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    color: tokens.colorNeutralForeground3,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
  },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: '12px',
    padding: '8px 10px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
  },
  linkActive: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
  icon: { display: 'flex', flexShrink: 0 },
  footer: {
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: '12px 16px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
  },
  user: { minWidth: 0 },
  userName: {
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  userEmail: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  main: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    transitionProperty: 'margin-left',
    transitionDuration: '200ms',
  },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '0 16px',
    height: '56px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flexGrow: 1, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, margin: 0 },
  help: { color: tokens.colorBrandForeground1 },
  content: { padding: '24px', flexGrow: 1, maxWidth: '1200px', width: '100%', boxSizing: 'border-box' },
});

export const companyInitial = (name: string | undefined | null): string =>
  (name?.trim()[0] ?? 'D').toUpperCase();

export default function AppLayout({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const { user, organization, isOwner, logout, session } = useAuth();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const supportEmail = useSupportEmail();
  const navigate = useNavigate();
  const [open, setOpen] = useState(!isMobile);

  // Expanded by default, collapsed below 768 px; follows the breakpoint when it is crossed.
  useEffect(() => setOpen(!isMobile), [isMobile]);
  // On mobile, the sheet closes after navigating.
  useEffect(() => {
    if (isMobile) setOpen(false);
  }, [pathname, isMobile]);

  const collapsed = !open && !isMobile;
  const title = getPageTitle(pathname);
  const companyName = organization?.name ?? 'Your company';

  const renderItem = (item: TNavItem) => {
    const content = (
      <>
        <span className={styles.icon} aria-hidden>
          {item.icon}
        </span>
        {collapsed ? null : <span>{item.label}</span>}
      </>
    );
    const active =
      pathname === item.href ||
      (item.href === '/integration-1' && pathname === '/gmail-connection') ||
      (item.href === '/integration-2' && pathname === '/xero-connection');
    const link = item.fullNavigation ? (
      <a
        href={item.href}
        className={mergeClasses(styles.link, active && styles.linkActive)}
        aria-current={active ? 'page' : undefined}
        aria-label={collapsed ? item.label : undefined}
      >
        {content}
      </a>
    ) : (
      <NavLink
        to={item.href}
        className={mergeClasses(styles.link, active && styles.linkActive)}
        aria-current={active ? 'page' : undefined}
        aria-label={collapsed ? item.label : undefined}
      >
        {content}
      </NavLink>
    );
    return (
      <li key={item.href}>
        {collapsed ? (
          <Tooltip content={item.label} relationship="description" positioning="after">
            {link}
          </Tooltip>
        ) : (
          link
        )}
      </li>
    );
  };

  const sidebarClass = mergeClasses(
    styles.sidebar,
    collapsed && styles.sidebarCollapsed,
    isMobile && !open && styles.sidebarMobileHidden,
  );
  const mainMargin = isMobile ? '0' : open ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;

  return (
    <div className={styles.root}>
      {isMobile && open ? (
        <button
          type="button"
          className={styles.backdrop}
          aria-label="Close navigation"
          onClick={() => setOpen(false)}
        />
      ) : null}
      <aside
        className={sidebarClass}
        aria-label="Sidebar"
        data-state={open ? 'open' : 'collapsed'}
        aria-hidden={isMobile && !open ? true : undefined}
      >
        <div className={styles.brand}>
          <span className={styles.badge} aria-hidden>
            {companyInitial(organization?.name)}
          </span>
          {collapsed ? null : <span className={styles.companyName}>{companyName}</span>}
        </div>
        <nav className={styles.nav} aria-label="Main navigation">
          {collapsed ? null : <h2 className={styles.sectionTitle}>Main</h2>}
          <ul className={styles.list}>{mainItems.map(renderItem)}</ul>
          {collapsed ? null : <h2 className={styles.sectionTitle}>Account</h2>}
          <ul className={styles.list}>
            {accountItems.filter((i) => !i.ownerOnly || isOwner).map(renderItem)}
          </ul>
        </nav>
        <div className={styles.footer}>
          {collapsed ? null : (
            <div className={styles.user}>
              <div className={styles.userName}>{user?.name}</div>
              <div className={styles.userEmail}>{user?.email}</div>
            </div>
          )}
          <Button
            icon={<SignOut20Regular />}
            appearance="subtle"
            onClick={() => void logout()}
            aria-label={collapsed ? 'Logout' : undefined}
          >
            {collapsed ? null : 'Logout'}
          </Button>
        </div>
      </aside>
      <div className={styles.main} style={{ marginLeft: mainMargin }}>
        <header className={styles.header}>
          {isMobile ? (
            <Button
              appearance="subtle"
              icon={<Navigation20Regular />}
              aria-label="Open navigation"
              aria-expanded={open}
              onClick={() => setOpen((v) => !v)}
            />
          ) : (
            <Button
              appearance="subtle"
              icon={open ? <PanelLeftContract20Regular /> : <PanelLeftExpand20Regular />}
              aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
              aria-expanded={open}
              onClick={() => setOpen((v) => !v)}
            />
          )}
          <p className={styles.title} data-testid="page-title">
            {title}
          </p>
          <ThemeToggle />
          {/* Help: the support form (Pro: priority support) and the support address (seed 001's mailto). */}
          <Menu positioning="below-end">
            <MenuTrigger disableButtonEnhancement>
              <MenuButton
                appearance="subtle"
                className={styles.help}
                icon={<QuestionCircle20Regular aria-hidden />}
              >
                Help
              </MenuButton>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <MenuItem icon={<ChatHelp20Regular />} onClick={() => navigate('/support')}>
                  Contact support
                </MenuItem>
                <MenuItemLink icon={<Mail20Regular />} href={`mailto:${supportEmail}`}>
                  Email {supportEmail}
                </MenuItemLink>
              </MenuList>
            </MenuPopover>
          </Menu>
        </header>
        <main className={styles.content} id="main">
          <EmailVerificationBanner />
          {/* The organization requires two-factor and this member has not set it up: the enrolment screen
              on every page until they do (identity refuses their other calls meanwhile). */}
          {session?.twoFactorEnrolmentRequired ? (
            <RemoteComponent id="mfe_team/TwoFactorEnrolmentPage" />
          ) : (
            children
          )}
        </main>
      </div>
    </div>
  );
}
