/**
 * /auth: sign in (default), create an account, forgot password, or e-mail a sign-in link,
 * chosen by `?mode=`. A visitor who is already signed in goes straight on to `next`.
 */
import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { Card, Notice, Page, Skeleton, Tabs, type Tab } from '../../ui';
import { EmailLinkForm } from './email-link-form';
import { safeNext } from './safe-next';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import './auth.css';

const MODES = ['signin', 'signup', 'forgot', 'link'] as const;
type Mode = (typeof MODES)[number];

const TITLES: Record<Mode, string> = {
  signin: 'Sign in',
  signup: 'Create your account',
  forgot: 'Reset your password',
  link: 'Sign in with an e-mailed link',
};

function signInHref(params: URLSearchParams): string {
  const keep = new URLSearchParams();
  for (const key of ['next', 'email']) {
    const value = params.get(key);
    if (value) keep.set(key, value);
  }
  const query = keep.toString();
  return query ? `/auth?${query}` : '/auth';
}

export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const { user, isLoading } = useSession();
  const raw = params.get('mode');
  const mode: Mode = MODES.includes(raw as Mode) ? (raw as Mode) : 'signin';
  const next = safeNext(params.get('next'));
  const email = params.get('email') ?? '';

  if (user) return <Navigate to={next} replace />;

  function choose(id: string) {
    const nextParams = new URLSearchParams(params);
    if (id === 'signin') nextParams.delete('mode');
    else nextParams.set('mode', id);
    nextParams.delete('verified');
    setParams(nextParams, { replace: true });
  }

  const tabs: Tab[] = [
    { id: 'signin', label: 'Sign in', content: <SignInForm next={next} initialEmail={email} /> },
    { id: 'signup', label: 'Create account', content: <SignUpForm invite={params.get('invite') ?? undefined} initialEmail={email} /> },
  ];
  // Forgot-password and sign-in-link are side roads from the sign-in form, not peers of it.
  const body =
    mode === 'forgot' || mode === 'link' ? (
      <div className="stack">
        <EmailLinkForm kind={mode === 'forgot' ? 'reset' : 'signin'} initialEmail={email} />
        <p className="auth-small">
          <Link to={signInHref(params)}>← Back to sign in</Link>
        </p>
      </div>
    ) : (
      <Tabs label="Sign in or create an account" tabs={tabs} value={mode} onChange={choose} />
    );

  return (
    <div className="auth-column">
      <Page title={TITLES[mode]}>
        {params.get('verified') === '1' && <Notice tone="success">Your e-mail is confirmed. Sign in to continue.</Notice>}
        {params.get('reset') === '1' && <Notice tone="success">Your password is changed. Sign in with the new one.</Notice>}
        <Card>{isLoading ? <Skeleton lines={4} /> : body}</Card>
      </Page>
    </div>
  );
}
