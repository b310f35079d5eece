/**
 * The automatic checks of the submitted edition, as the author and the reviewer both see them:
 * each check's verdict, its reason in words, and where each problem is (which chapter, link,
 * image or field). A failed check that stops approval says so.
 */
import type { EditionCheck } from '../../../sync/api/publishing';
import { checkLabel } from '../../../sync/publishing/checks';
import { Badge, Card } from '../../ui';

const STATUS: Record<EditionCheck['status'], string> = { pending: 'Running…', passed: 'Passed', warning: 'Warning', failed: 'Failed', not_run: 'Not run' };
const TONE = { pending: 'accent', passed: 'success', warning: 'warning', failed: 'danger', not_run: 'neutral' } as const;

export function EditionChecks({ checks }: { checks: EditionCheck[] }) {
  if (checks.length === 0) return null;
  const running = checks.some((c) => c.status === 'pending');
  return (
    <Card title="Automatic checks">
      <ul className="edition-checks" aria-busy={running}>
        {checks.map((c) => (
          <li key={c.name} data-check={c.name} data-status={c.status}>
            <div className="edition-check-head">
              <strong>{checkLabel(c.name)}</strong>
              <Badge tone={TONE[c.status]}>{STATUS[c.status]}</Badge>
              {c.status === 'failed' && c.blocksApproval && <span className="check-blocks">Blocks approval</span>}
            </div>
            <p className="muted">{c.message}</p>
            {c.findings.length > 0 && (
              <ul className="check-findings">
                {c.findings.map((f, i) => (
                  <li key={i}>
                    <span className="check-where">{f.where}</span>: {f.reason}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
