/**
 * Contributors with their ONIX roles (sync/publishing/contributors.ts): a row per person, added
 * and removed in place. Errors come keyed as the server keys them — the whole list under
 * `contributors`, one row's under `contributors.N.name` / `contributors.N.role`.
 */
import { CONTRIBUTOR_ROLE_CODES, type ContributorRoleCode } from '../../../sync/publishing/contributors';
import { CONTRIBUTORS_MAX } from '../../../sync/publishing/metadata';
import { Button, SelectField, TextField } from '../../ui';

export interface ContributorRow {
  name: string;
  role: ContributorRoleCode;
}

export function ContributorsField({
  rows,
  onChange,
  errors,
  hint,
}: {
  rows: ContributorRow[];
  onChange: (rows: ContributorRow[]) => void;
  errors: Record<string, string | undefined>;
  hint: string;
}) {
  const update = (i: number, patch: Partial<ContributorRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="publishing-contributors stack" aria-describedby={errors.contributors ? 'contributors-error' : 'contributors-hint'}>
      <legend>Contributors</legend>
      <p className="field-hint" id="contributors-hint">
        {hint}
      </p>
      {rows.map((row, i) => (
        <div className="publishing-contributor" key={i}>
          <TextField
            label={`Contributor ${i + 1} name`}
            value={row.name}
            error={errors[`contributors.${i}.name`]}
            onChange={(e) => update(i, { name: e.target.value })}
          />
          <SelectField
            label={`Contributor ${i + 1} role`}
            value={row.role}
            error={errors[`contributors.${i}.role`]}
            onChange={(e) => update(i, { role: e.target.value as ContributorRoleCode })}
          >
            {Object.entries(CONTRIBUTOR_ROLE_CODES).map(([code, label]) => (
              <option key={code} value={code}>
                {label} ({code})
              </option>
            ))}
          </SelectField>
          <Button size="sm" variant="ghost" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={`Remove contributor ${i + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      {errors.contributors && (
        <p className="field-error" id="contributors-error">
          {errors.contributors}
        </p>
      )}
      {rows.length < CONTRIBUTORS_MAX && (
        <div>
          <Button size="sm" variant="secondary" onClick={() => onChange([...rows, { name: '', role: rows.length === 0 ? 'A01' : 'B01' }])}>
            Add a contributor
          </Button>
        </div>
      )}
    </fieldset>
  );
}
