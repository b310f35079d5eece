/** The post's cover: one of my image files (uploaded on /files), or none. */
import { Link } from 'react-router';
import { QueryState, SelectField } from '../../../ui';
import { useFiles } from '../../files';

export function CoverField({
  value,
  currentUrl,
  error,
  onChange,
}: {
  value: string | null;
  currentUrl: string | null;
  error?: string;
  onChange: (id: string | null) => void;
}) {
  const query = useFiles();
  return (
    <div className="blog-cover-field">
      <QueryState query={query} what="Your images" lines={1}>
        {(data) => {
          const images = data.files.filter((f) => f.kind === 'image');
          const chosen = images.find((f) => f.id === value);
          const preview = chosen?.url ?? (value ? currentUrl : null);
          return (
            <>
              <SelectField
                label="Cover image"
                hint={
                  <>
                    One of your images. <Link to="/files">Upload images on the Files page.</Link>
                  </>
                }
                value={value ?? ''}
                error={error}
                onChange={(e) => onChange(e.target.value || null)}
              >
                <option value="">No cover</option>
                {value && !chosen && <option value={value}>The current cover</option>}
                {images.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </SelectField>
              {preview && <img className="blog-cover-preview" src={preview} alt="The chosen cover" />}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
