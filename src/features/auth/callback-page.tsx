/**
 * /auth/callback?code=…: where every e-mailed link lands. Posts the code once (a ref keeps
 * React's StrictMode double effect from spending it twice), then goes where the server says.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../lib/api';
import { useRefreshSession } from '../../lib/session';
import { Button, LinkButton, Notice, Page, Spinner } from '../../ui';
import { authApi, CodeRefused } from './auth-api';
import './auth.css';

export function CallbackPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const navigate = useNavigate();
  const refresh = useRefreshSession();
  const started = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function redeem() {
    setProblem(null);
    try {
      const res = await authApi.callback(code);
      if (res.purpose === 'signin') await refresh();
      navigate(res.next, { replace: true });
    } catch (error) {
      if (error instanceof CodeRefused) navigate(`/auth/auth-code-error?reason=${error.reason}`, { replace: true });
      else if (error instanceof ApiRequestError && error.code === 'validation_failed') navigate('/auth/auth-code-error?reason=invalid', { replace: true });
      else setProblem(error instanceof Error ? error.message : 'Something went wrong.');
    }
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code) navigate('/auth/auth-code-error?reason=invalid', { replace: true });
    else void redeem();
    // Runs once per page load by design; `redeem` reads the code from this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="auth-column">
      <Page title="Opening your link">
        {problem ? (
          <Notice tone="error" title="We couldn't open your link">
            <p>{problem}</p>
            <div className="row">
              <Button onClick={() => void redeem()}>Try again</Button>
              <LinkButton to="/auth" variant="secondary">
                Go to sign in
              </LinkButton>
            </div>
          </Notice>
        ) : (
          <div className="auth-center">
            <Spinner label="Checking your link…" />
            <p className="muted">Checking your link…</p>
          </div>
        )}
      </Page>
    </div>
  );
}
