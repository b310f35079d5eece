/** A card that is also a named region, so "Payment history" and "Earnings" can be found by name. */
import { useId, type ReactNode } from 'react';

export function BillingSection({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card billing-section" aria-labelledby={id}>
      <div className="billing-section-head">
        <h2 className="card-title" id={id}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
