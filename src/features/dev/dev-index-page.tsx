/** `/dev`: the index of the development pages (admins and development builds). */
import { Link } from 'react-router';
import { Page } from '../../ui';
import './dev.css';

const TOOLS = [
  { to: '/dev/delight-showcase', title: 'Design system showcase', about: 'Every component in every state, light and dark side by side.' },
  { to: '/dev/professional-interactions', title: 'Interactions', about: 'Undo, keyboard reordering, validation, autosave, cancelling, offline.' },
  { to: '/settings-demo', title: 'Settings components', about: 'The settings parts with the server’s answer chosen by hand.' },
  { to: '/preview-lab', title: 'Typography lab', about: 'Reader type at phone, tablet and desktop widths, with the measure.' },
  { to: '/dflip-minimal', title: 'Page turn — minimal', about: 'The paginated reader alone, on a sample book.' },
  { to: '/dflip-test', title: 'Page turn — test', about: 'Page numbers, the slide, and a forward-and-back check.' },
  { to: '/dflip-working', title: 'Page turn — working', about: 'Contents, your type settings and progress on the sample book.' },
  { to: '/kdp-demo', title: 'Paperback cover demo', about: 'The KDP cover tool on a sample book.' },
  { to: '/debug/editor', title: 'Editor debugger', about: 'The manuscript editor with its node tree.' },
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
    </Page>
  );
}
