/** /auth/auth-code-error?reason=…: an e-mailed link that was used, expired or not valid, with
 * ways to get a fresh one. */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card, Page, Tabs } from '../../ui';
import { EmailLinkForm } from './email-link-form';
import './auth.css';

const EXPLANATIONS: Record<string, { title: string; text: string }> = {
  used: {
    title: 'This link was already used',
    text: 'Each link in our e-mails works only once. If you already opened it, you may be signed in or verified already.',
  },
  expired: { title: 'This link has expired', text: 'Links in our e-mails expire after a while to keep your account safe.' },
  invalid: { title: "This link doesn't work", text: 'It may have been copied incompletely, or it was replaced by a newer one.' },
};

export function AuthCodeErrorPage() {
  const [params] = useSearchParams();
  const reason = params.get('reason') ?? 'invalid';
  const { title, text } = EXPLANATIONS[reason] ?? EXPLANATIONS.invalid!;
  const [tab, setTab] = useState('signin');
  return (
    <div className="auth-column">
      <Page title={title} description={`${text} Ask for a new one below.`}>
        <Card>
          <Tabs
            label="Get a new link"
            value={tab}
            onChange={setTab}
            tabs={[
              { id: 'signin', label: 'New sign-in link', content: <EmailLinkForm kind="signin" /> },
              { id: 'reset', label: 'New reset link', content: <EmailLinkForm kind="reset" /> },
            ]}
          />
        </Card>
        <p className="auth-alt">
          Remember your password? <Link to="/auth">Sign in</Link>. If you were confirming your e-mail, signing in sends a fresh confirmation link.
        </p>
      </Page>
    </div>
  );
}
