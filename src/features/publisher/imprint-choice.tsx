/**
 * The imprint a publisher page works on: the account's imprints, the one in `?imprint=` or the
 * first, a picker when there are several, and an explanation when there are none.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { listMyImprints, type MyImprint } from '../../../sync/api/publisher-isbns';
import { call } from '../../lib/api';
import { EmptyState, QueryState, SelectField } from '../../ui';

function useImprints() {
  const [params] = useSearchParams();
  const query = useQuery({ queryKey: ['publisher', 'imprints'], queryFn: ({ signal }) => call(listMyImprints, { signal }) });
  const chosen = query.data?.imprints.find((i) => i.id === params.get('imprint')) ?? query.data?.imprints[0];
  return { query, chosen };
}

export function ImprintChoice({ children }: { children: (imprint: MyImprint) => ReactNode }) {
  const [params, setParams] = useSearchParams();
  const { query, chosen } = useImprints();
  return (
    <QueryState query={query} what="Your imprints" lines={4}>
      {({ imprints }) =>
        !chosen ? (
          <EmptyState title="You're not part of an imprint yet">
            <p>Books are uploaded to an imprint. When an imprint&apos;s owner adds you, or your publisher application is approved, you can upload here.</p>
          </EmptyState>
        ) : (
          <>
            {imprints.length > 1 && (
              <div className="isbn-filters">
                <SelectField
                  label="Imprint"
                  value={chosen.id}
                  onChange={(e) => {
                    const next = new URLSearchParams(params);
                    next.set('imprint', e.target.value);
                    next.delete('upload');
                    setParams(next, { replace: true });
                  }}
                >
                  {imprints.map((i) => (
                    <option key={i.id} value={i.id}>
                      {i.name}
                    </option>
                  ))}
                </SelectField>
              </div>
            )}
            <div key={chosen.id}>{children(chosen)}</div>
          </>
        )
      }
    </QueryState>
  );
}
