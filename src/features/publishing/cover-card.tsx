/**
 * The book's ebook cover on /publishing/{id}: the image the next submission takes (decision 042),
 * a link to design one on /cover with this manuscript chosen, and a way to take it off; and the
 * paperback's: its saved full-wrap cover and the print layout that sizes its spine (decision 069).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setManuscriptCover } from '../../../sync/api/covers';
import type { PublicationDetail } from '../../../sync/api/publishing';
import { call, errorMessage } from '../../lib/api';
import { Button, Card, LinkButton, Notice } from '../../ui';
import { manuscriptCoverHref, manuscriptPrintHref } from '../covers/kdp-link';

export function CoverCard({ detail, readOnly }: { detail: PublicationDetail; readOnly: boolean }) {
  const qc = useQueryClient();
  const remove = useMutation({
    mutationFn: () => call(setManuscriptCover, { params: { id: detail.id }, body: { fileId: null } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['publishing', 'detail', detail.id] }),
  });
  const { cover } = detail;
  return (
    <Card title="Cover">
      <div className="publishing-cover" data-testid="publishing-cover">
        {cover ? (
          <img src={cover.url} alt={`The ebook cover of “${detail.title}”`} width={160} height={256} />
        ) : (
          <p className="muted">No cover yet. Stores show a plain placeholder until the book has one.</p>
        )}
        {!readOnly && (
          <div className="publishing-actions">
            <LinkButton variant="secondary" size="sm" to={`/cover?manuscript=${encodeURIComponent(detail.id)}`}>
              {cover ? 'Design a new cover' : 'Design a cover'}
            </LinkButton>
            {cover && (
              <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => remove.mutate()}>
                Remove cover
              </Button>
            )}
          </div>
        )}
        {remove.error && <Notice tone="error">{errorMessage(remove.error)}</Notice>}
        {cover && <p className="field-hint">The next submission takes this cover with it.</p>}
        {!readOnly && <p className="field-hint">The paperback's full wrap takes its spine from the print layout's page count.</p>}
        {!readOnly && (
          <div className="publishing-actions">
            <LinkButton variant="secondary" size="sm" to={manuscriptCoverHref(detail.id)}>
              Design paperback cover
            </LinkButton>
            <LinkButton variant="ghost" size="sm" to={manuscriptPrintHref(detail.id)}>
              Print layout
            </LinkButton>
          </div>
        )}
      </div>
    </Card>
  );
}
