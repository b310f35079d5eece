// @vitest-environment happy-dom
/** The reader's font picker: a named radio group whose every choice is shown in its own font. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../sync/preferences';
import { SettingsPanel } from './reader-panels';
import { READER_FONTS } from './reader-settings';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('the font picker', () => {
  it('is a radio group named Font, each choice set in its own font, the current one checked', () => {
    const onChange = vi.fn();
    act(() => root.render(<SettingsPanel settings={{ ...DEFAULT_PREFERENCES, fontFamily: 'sans' }} onChange={onChange} />));
    expect(host.querySelector('select')).toBeNull();
    const group = host.querySelector('fieldset.reader-fonts')!;
    expect(group.querySelector('legend')!.textContent).toBe('Font');
    const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => r.value)).toEqual(Object.keys(READER_FONTS));
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
    for (const radio of radios) {
      const label = radio.closest('label')!;
      expect(label.style.fontFamily).toBe(READER_FONTS[radio.value as keyof typeof READER_FONTS]);
      // The sample letters are decoration: the name is what a screen reader says.
      expect(label.querySelector('[aria-hidden="true"]')!.textContent).toBe('Aa');
    }
    expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual(['sans']);

    act(() => radios.find((r) => r.value === 'mono')!.click());
    expect(onChange).toHaveBeenCalledWith({ fontFamily: 'mono' });
  });

  it('is left out for a fixed-layout book, whose pages keep their type', () => {
    act(() => root.render(<SettingsPanel settings={DEFAULT_PREFERENCES} onChange={() => {}} fixedLayout />));
    expect(host.querySelector('.reader-fonts')).toBeNull();
  });
});
