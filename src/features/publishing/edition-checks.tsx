/** The automatic checks of the submitted edition, as the author and the reviewer see them. */
import type { EditionCheck } from '../../../sync/api/publishing';
import { Card } from '../../ui';

const LABELS: Record<string, string> = { epubcheck: 'EPUB passes epubcheck' };
const STATUS: Record<EditionCheck['status'], string> = { pending: 'Running…', passed: 'Passed', failed: 'Failed', not_run: 'Not checked' };

export function EditionChecks({ checks }: { checks: EditionCheck[] }) {
  if (checks.length === 0) return null;
  return (
    <Card title="Automatic checks">
      <ul className="edition-checks">
        {checks.map((c) => (
          <li key={c.name} data-status={c.status}>
            <strong>{LABELS[c.name] ?? c.name}</strong>: <span className={`check-status check-${c.status}`}>{STATUS[c.status]}</span>
            <p className="muted">{c.message}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
