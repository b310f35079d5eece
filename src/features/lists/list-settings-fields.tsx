/** Name, description and visibility: shared by the create page and the list editor. */
import { LIST_VISIBILITIES, type ReadingList } from '../../../sync/collections/reading-lists';
import { SelectField, TextArea, TextField } from '../../ui';

export type ListSettings = Pick<ReadingList, 'name' | 'description' | 'visibility'>;

const VISIBILITY_HINTS: Record<ReadingList['visibility'], string> = {
  private: 'Only you can see it.',
  unlisted: 'Anyone with the link can see it; it is not shown on your profile.',
  public: 'Shown on your profile and in Discover.',
};

export function validateSettings(settings: ListSettings): Partial<Record<keyof ListSettings, string>> {
  const errors: Partial<Record<keyof ListSettings, string>> = {};
  if (!settings.name.trim()) errors.name = 'Give the list a name.';
  else if (settings.name.length > 120) errors.name = 'Keep the name under 120 characters.';
  if (settings.description.length > 2000) errors.description = 'Keep the description under 2,000 characters.';
  return errors;
}

export function ListSettingsFields({
  value,
  onChange,
  errors,
  onBlur,
}: {
  value: ListSettings;
  onChange: (next: ListSettings) => void;
  errors: Partial<Record<keyof ListSettings, string>>;
  onBlur?: () => void;
}) {
  return (
    <div className="list-settings">
      <TextField
        label="Name"
        value={value.name}
        maxLength={120}
        required
        error={errors.name}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
        onBlur={onBlur}
      />
      <TextArea
        label="Description"
        hint="Optional."
        value={value.description}
        maxLength={2000}
        rows={3}
        error={errors.description}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
        onBlur={onBlur}
      />
      <SelectField
        label="Who can see it"
        hint={VISIBILITY_HINTS[value.visibility]}
        value={value.visibility}
        onChange={(e) => onChange({ ...value, visibility: e.target.value as ListSettings['visibility'] })}
        onBlur={onBlur}
      >
        {LIST_VISIBILITIES.map((v) => (
          <option key={v} value={v}>
            {v === 'private' ? 'Private' : v === 'unlisted' ? 'Unlisted (link only)' : 'Public'}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
