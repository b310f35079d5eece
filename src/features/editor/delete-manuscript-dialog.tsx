/**
 * "Delete manuscript?" — names the manuscript, says what goes with it and for whom, and asks
 * for a clear destructive click. Cancel, Escape and the close button keep it.
 */
import type { Manuscript } from '../../../sync/collections/manuscripts';
import { Button, Dialog } from '../../ui';

interface Props {
  manuscript: Manuscript | null;
  chapters: number;
  onCancel(): void;
  onConfirm(m: Manuscript): void;
}

export function DeleteManuscriptDialog({ manuscript: m, chapters, onCancel, onConfirm }: Props) {
  const coAuthors = m?.members.map((x) => `@${x.username}`).join(', ') ?? '';
  return (
    <Dialog
      open={m !== null}
      onClose={onCancel}
      title="Delete manuscript?"
      footer={
        m && (
          <>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => onConfirm(m)}>
              Delete manuscript
            </Button>
          </>
        )
      }
    >
      {m && (
        <div className="delete-manuscript">
          <p>
            <strong>“{m.title}”</strong>
            {chapters > 0 && ` and its ${chapters === 1 ? 'chapter' : `${chapters.toLocaleString()} chapters`}, with their comments,`} will be deleted
            {coAuthors ? ` for you and its co-authors (${coAuthors})` : ''}.
          </p>
          <p>This cannot be undone. To put it out of sight instead, archive it.</p>
        </div>
      )}
    </Dialog>
  );
}
