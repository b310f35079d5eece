/** Title and word goal of a manuscript, for its owner and editors (the fields editors may change). */
import { useState, type FormEvent } from 'react';
import type { Manuscript } from '../../../sync/collections/manuscripts';
import { Button, TextField } from '../../ui';
import { useManuscriptCommands } from './use-manuscript-commands';

export function ManuscriptTitle({ manuscript }: { manuscript: Manuscript }) {
  const commands = useManuscriptCommands();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(manuscript.title);
  const [goal, setGoal] = useState(manuscript.wordGoal ? String(manuscript.wordGoal) : '');

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (title.trim()) await commands.retitle(manuscript.id, title.trim());
    const parsed = Number.parseInt(goal, 10);
    await commands.setGoal(manuscript.id, Number.isFinite(parsed) && parsed > 0 ? parsed : undefined);
    setOpen(false);
  }

  if (!open) {
    return (
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setTitle(manuscript.title);
          setGoal(manuscript.wordGoal ? String(manuscript.wordGoal) : '');
          setOpen(true);
        }}
      >
        Edit title and goal
      </Button>
    );
  }
  return (
    <form className="inline-form manuscript-title-form" onSubmit={(e) => void handleSubmit(e)}>
      <TextField label="Title" value={title} required maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      <TextField label="Word goal" type="number" min={0} max={10_000_000} value={goal} onChange={(e) => setGoal(e.target.value)} />
      <Button type="submit">Save</Button>
      <Button variant="ghost" onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </form>
  );
}
