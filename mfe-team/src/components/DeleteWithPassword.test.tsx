import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { DeleteWithPassword } from './DeleteWithPassword.js';
import { buttonNamed } from '../test/render.js';

afterEach(cleanup);

function renderDelete(onDelete: (password: string) => Promise<boolean>) {
  render(
    <FluentProvider theme={webLightTheme}>
      <DeleteWithPassword
        buttonLabel="Delete Account"
        title="Delete your account?"
        warning="Gone."
        onDelete={onDelete}
      />
    </FluentProvider>,
  );
}

describe('DeleteWithPassword', () => {
  it('asks for confirmation, then a password, and keeps the button disabled while it is empty', async () => {
    const onDelete = vi.fn(async () => true);
    const user = userEvent.setup();
    renderDelete(onDelete);

    await user.click(buttonNamed('Delete Account'));
    await screen.findByText('Delete your account?');
    await user.click(buttonNamed('Continue'));

    await screen.findByText('Confirm with your password');
    const confirm = buttonNamed('Delete Account', { type: 'submit' });
    expect(confirm.disabled).toBe(true);
    await user.type(screen.getByLabelText(/Password/), 'my-password');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    expect(onDelete).toHaveBeenCalledWith('my-password');
  });

  it('does nothing when the first dialog is cancelled', async () => {
    const onDelete = vi.fn(async () => true);
    const user = userEvent.setup();
    renderDelete(onDelete);
    await user.click(buttonNamed('Delete Account'));
    await screen.findByText('Delete your account?');
    await user.click(buttonNamed('Cancel'));
    await expect.poll(() => screen.queryByText('Delete your account?')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });
});
