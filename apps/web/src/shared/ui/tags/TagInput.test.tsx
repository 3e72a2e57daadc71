import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { TagInput } from './TagInput.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('TagInput (spec 000 §5)', () => {
  it('adds on Enter and on blur, not empty or twice; suggests only when not restricted', () => {
    const added: string[] = [];
    render(<TagInput label="Tags" tags={['porch']} onAdd={(t) => added.push(t)} onRemove={() => {}} />);
    const input = screen.getByPlaceholderText('Type tag here');
    fireEvent.change(input, { target: { value: 'gate' } });
    expect(screen.getByTestId('tag-suggestion').textContent).toBe('Add tag "gate"');
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'porch' } });
    fireEvent.blur(input);
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'van' } });
    fireEvent.blur(input);
    expect(added).toEqual(['gate', 'van']);
  });

  it('in restricted mode adds only known tags and suggests nothing', () => {
    const added: string[] = [];
    render(
      <TagInput
        label="Tags"
        tags={[]}
        restricted
        known={['porch']}
        onAdd={(t) => added.push(t)}
        onRemove={() => {}}
      />,
    );
    const input = screen.getByPlaceholderText('Type tag here');
    fireEvent.change(input, { target: { value: 'gate' } });
    expect(screen.queryByTestId('tag-suggestion')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'porch' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(added).toEqual(['porch']);
  });
});
