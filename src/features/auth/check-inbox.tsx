/** The answer after any request that mails a link. It never says whether an account exists. */
import { useEffect, useRef, type ReactNode } from 'react';

export function CheckInbox({ email, children }: { email: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="auth-done" ref={ref} tabIndex={-1} role="status">
      <h2>Check your inbox</h2>
      <p>
        If <strong>{email}</strong> can use this, a message with a link is on its way. The link works once and expires soon.
      </p>
      {children ?? <p className="muted">Nothing after a few minutes? Check your spam folder, or try again.</p>}
    </div>
  );
}
