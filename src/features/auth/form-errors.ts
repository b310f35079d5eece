/**
 * Turning a failed request into what a form shows: messages next to the named fields, and a
 * form-level message for the rest (wrong password, rate limit with its wait, offline).
 */
import { useCallback, useState } from 'react';
import { ApiRequestError } from '../../lib/api';

export interface FormErrors {
  fields: Record<string, string>;
  form?: string;
}

const NONE: FormErrors = { fields: {} };

function toFormErrors(error: unknown, knownFields: readonly string[]): FormErrors {
  if (!(error instanceof ApiRequestError)) return { fields: {}, form: 'Something went wrong. Please try again.' };
  const fields: Record<string, string> = {};
  let unplaced = false;
  for (const [name, message] of Object.entries(error.fields)) {
    if (knownFields.includes(name)) fields[name] = message;
    else unplaced = true;
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, form: placed && !unplaced ? undefined : error.message };
}

/** Submit state for one form: pending flag, errors, and a runner that fills them in. */
export function useSubmit(knownFields: readonly string[]) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NONE);
  const key = knownFields.join();
  const run = useCallback(
    async <T>(action: () => Promise<T>): Promise<T | undefined> => {
      setPending(true);
      setErrors(NONE);
      try {
        return await action();
      } catch (error) {
        setErrors(toFormErrors(error, key.split(',')));
        focusFirstInvalid();
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [key],
  );
  return { pending, errors, setErrors, run };
}

/** After React paints the errors, move focus to the first field that has one. */
function focusFirstInvalid() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
}
