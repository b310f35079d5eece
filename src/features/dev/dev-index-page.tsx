/** `/dev`: the development tools and the component gallery (admins and development builds). */
import { Link } from 'react-router';
import { Page } from '../../ui';
import { ComponentGallery } from './component-gallery';
import './dev.css';

const TOOLS = [
  { to: '/dev/mail', title: 'Mail outbox', about: 'Every e-mail sent without SMTP, with clickable links.' },
  { to: '/dev/failure', title: 'Failure trigger', about: 'Throw a client or server failure to check the failure page and debug reports.' },
  { to: '/admin-test', title: 'Self-test', about: 'Database, disk, mail transport and job worker.' },
];

export function DevIndexPage() {
  return (
    <Page title="Development" description="Tools for building and checking Quire. Only admins and development builds see these pages." wide>
      <ul className="dev-tools" aria-label="Development tools">
        {TOOLS.map((t) => (
          <li key={t.to}>
            <Link to={t.to}>
              <strong>{t.title}</strong>
              <span>{t.about}</span>
            </Link>
          </li>
        ))}
      </ul>
      <h2>Component gallery</h2>
      <ComponentGallery />
    </Page>
  );
}
