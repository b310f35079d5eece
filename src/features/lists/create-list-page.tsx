/** `/lists/create`: a new list is written to the device at once (offline too) and synced later. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../lib/session';
import { useCollection } from '../../db/use-live-docs';
import { Button, Card, FormError, LinkButton, Page } from '../../ui';
import { newListId } from './list-model';
import { ListSettingsFields, validateSettings, type ListSettings } from './list-settings-fields';
import './lists.css';

export function CreateListPage() {
  const { user } = useSession();
  const collection = useCollection('reading-lists');
  const navigate = useNavigate();
  const [value, setValue] = useState<ListSettings>({ name: '', description: '', visibility: 'private' });
  const [errors, setErrors] = useState<ReturnType<typeof validateSettings>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSettings(value);
    setErrors(found);
    if (Object.keys(found).length || !user || !collection) return;
    setSaving(true);
    const now = Date.now();
    const id = newListId();
    try {
      await collection.insert({
        id,
        ownerId: user.id,
        name: value.name.trim(),
        description: value.description,
        visibility: value.visibility,
        items: [],
        createdAt: now,
        updatedAt: now,
      });
      void navigate(`/lists/${id}`);
    } catch (error) {
      console.error('Could not save the list', error);
      setFailure("The list couldn't be saved on this device. Try again.");
      setSaving(false);
    }
  }

  return (
    <Page title="New reading list" description="You can add books once it's created.">
      <Card>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <ListSettingsFields value={value} onChange={setValue} errors={errors} />
          <FormError>{failure}</FormError>
          <div className="page-actions" style={{ marginTop: '1rem' }}>
            <Button type="submit" loading={saving} disabled={!collection}>
              Create list
            </Button>
            <LinkButton to="/lists" variant="secondary">
              Cancel
            </LinkButton>
          </div>
        </form>
      </Card>
    </Page>
  );
}
