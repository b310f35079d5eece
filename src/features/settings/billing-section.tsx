/** A card that is also a named region, so "Payment history" and "Earnings" can be found by name. */
import { useId, type ReactNode } from 'react';

export function BillingSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 className="card-title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
