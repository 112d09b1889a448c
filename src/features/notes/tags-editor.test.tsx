import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { TagsEditor } from './tags-editor.tsx';

describe('TagsEditor', () => {
  it('makes a pasted list into tags, never a tag with its comma', async () => {
    const onChange = vi.fn<(tags: string[]) => void>();
    render(<TagsEditor tags={['work']} onChange={onChange} />);
    const field = screen.getByRole<HTMLInputElement>('textbox');
    await userEvent.click(field);
    await userEvent.paste('home, #garden,');
    expect(onChange).toHaveBeenLastCalledWith(['work', 'home', 'garden']);
    expect(field.value).toBe('');
  });

  it('adds a typed tag on a comma and keeps typing after it', async () => {
    const onChange = vi.fn<(tags: string[]) => void>();
    render(<TagsEditor tags={[]} onChange={onChange} />);
    const field = screen.getByRole<HTMLInputElement>('textbox');
    await userEvent.type(field, 'home,wo');
    expect(onChange).toHaveBeenLastCalledWith(['home']);
    expect(field.value).toBe('wo');
  });

  it('adds a typed word on a space, and a pasted "home." as the tag home', async () => {
    const onChange = vi.fn<(tags: string[]) => void>();
    const view = render(<TagsEditor tags={[]} onChange={onChange} />);
    const field = screen.getByRole<HTMLInputElement>('textbox');
    await userEvent.type(field, 'garden ');
    expect(onChange).toHaveBeenLastCalledWith(['garden']);
    expect(field.value).toBe('');

    view.rerender(<TagsEditor tags={['garden']} onChange={onChange} />);
    await userEvent.paste('home.');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith(['garden', 'home']);
  });
});
