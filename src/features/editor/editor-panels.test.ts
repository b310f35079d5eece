import { describe, expect, it } from 'vitest';
import { readPanels, writePanel } from './editor-panels';
import { memoryStorage } from './test-helpers';

describe('editor panels kept per device', () => {
  it('opens both panels until the writer closes one, and remembers each on its own', () => {
    const storage = memoryStorage();
    expect(readPanels(storage)).toEqual({ chapters: true, comments: true });
    writePanel(storage, 'comments', false);
    expect(readPanels(storage)).toEqual({ chapters: true, comments: false });
    writePanel(storage, 'chapters', false);
    writePanel(storage, 'comments', true);
    expect(readPanels(storage)).toEqual({ chapters: false, comments: true });
  });

  it('falls back to open panels when the stored value is unreadable or storage is missing', () => {
    const storage = memoryStorage();
    storage.setItem('quire-editor-panels', '{not json');
    expect(readPanels(storage)).toEqual({ chapters: true, comments: true });
    expect(readPanels(undefined)).toEqual({ chapters: true, comments: true });
    expect(() =>
      writePanel(
        {
          getItem: () => null,
          setItem: () => {
            throw new Error('quota');
          },
        },
        'chapters',
        false,
      ),
    ).not.toThrow();
  });
});
