/** Approve (optional note) or reject (note required) an application: shared by every queue. */
import { useState } from 'react';
import { DECISION_NOTE_MAX, approveBetaRequest, approveRoleRequest, rejectBetaRequest, rejectRoleRequest } from '../../../sync/api/admin';
import { call, fieldErrorsOf } from '../../lib/api';
import { Button, Dialog, TextArea } from '../../ui';
import { useAdminAction } from './admin-api';

export interface Decision {
  kind: 'approve' | 'reject';
  queue: keyof typeof DECIDE;
  /** The request's id. */
  id: string;
  who: string;
  /** What approval does, in a sentence. */
  effect: string;
}

const DECIDE = {
  'role-requests': { approve: approveRoleRequest, reject: rejectRoleRequest },
  'beta-requests': { approve: approveBetaRequest, reject: rejectBetaRequest },
};

export function DecisionDialog({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const [note, setNote] = useState('');
  const approve = decision.kind === 'approve';
  const action = useAdminAction(
    (text: string) => call(DECIDE[decision.queue][decision.kind], { params: { id: decision.id }, body: { note: text } }),
    approve ? `Approved ${decision.who}.` : `Rejected ${decision.who}; they have been told.`,
  );
  const [missing, setMissing] = useState(false);
  const error = missing ? 'Write a note for the applicant.' : fieldErrorsOf(action.error).note;
  const submit = () => {
    // The server refuses an empty rejection note too; checking here saves a round trip.
    setMissing(!approve && !note.trim());
    if (approve || note.trim()) action.mutate(note, { onSuccess: onClose });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={approve ? `Approve ${decision.who}?` : `Reject ${decision.who}?`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={approve ? 'primary' : 'danger'} loading={action.isPending} onClick={submit}>
            {approve ? 'Approve' : 'Reject'}
          </Button>
        </>
      }
    >
      <p>{approve ? decision.effect : 'The applicant is told, with your note.'}</p>
      <TextArea
        label={approve ? 'Note (optional)' : 'Note to the applicant'}
        hint={approve ? 'Included in the message to the applicant.' : 'Required. Say why, and what could change the answer.'}
        value={note}
        maxLength={DECISION_NOTE_MAX}
        required={!approve}
        error={error}
        onChange={(e) => setNote(e.target.value)}
      />
    </Dialog>
  );
}
