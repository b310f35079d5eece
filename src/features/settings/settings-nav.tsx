/** The frame of every settings page: the page header and the settings sub-navigation. */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Page } from '../../ui';
import './settings.css';

const LINKS = [
  { to: '/settings', label: 'Profile & roles' },
  { to: '/settings/account', label: 'Account & devices' },
  { to: '/settings/billing', label: 'Billing' },
  { to: '/settings/notifications', label: 'Notifications' },
  { to: '/theming', label: 'Theme & reading' },
  { to: '/export', label: 'Export my data' },
  { to: '/account-deletion', label: 'Delete account' },
] as const;

function SettingsNav() {
  return (
    <nav aria-label="Settings" className="settings-nav">
      {LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

export function SettingsPage({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Page title={title} description={description}>
      <div className="settings-layout">
        <SettingsNav />
        <div className="settings-content">{children}</div>
      </div>
    </Page>
  );
}
