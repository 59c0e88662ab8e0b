import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { TPipelineDeal } from '../../lib/deals-api.js';
import { DealsBoard } from './DealsBoard.js';

const deal = (id: string, companyName: string, stage: string): TPipelineDeal => ({
  id,
  companyId: id,
  companyName,
  domain: `${companyName.toLowerCase()}.example`,
  stage,
  provider: 'builtin',
  url: '',
  emailId: Number(id),
  createdAt: '2026-11-28T10:00:00.000Z',
  notes: null,
  ownerId: id === '1' ? '7' : null,
  nextStep: null,
  nextStepDate: null,
  passReason: null,
  amount: '$2.5M',
  round: 'Seed',
  updatedAt: '2026-11-28T10:00:00.000Z',
});

const stages = ['New', 'Screening', 'First meeting'];

function renderBoard(onMove = vi.fn()) {
  render(
    <FluentProvider theme={webLightTheme}>
      <DealsBoard
        stages={stages}
        deals={[deal('1', 'Orbital', 'New'), deal('2', 'Keyless', 'Screening')]}
        memberNames={new Map([['7', 'Grace Hopper']])}
        onMove={onMove}
        onOpen={() => undefined}
      />
    </FluentProvider>,
  );
  return onMove;
}

// jsdom has no layout: dnd-kit's keyboard sensor scrolls the picked-up deal into view.
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

describe('DealsBoard', () => {
  it('shows each stage with its deals, counts and owner', () => {
    renderBoard();
    const newColumn = screen.getByTestId('stage-New');
    expect(within(newColumn).getByRole('button', { name: 'Orbital' })).toBeTruthy();
    expect(within(newColumn).getByText('Owner: Grace Hopper')).toBeTruthy();
    expect(within(screen.getByTestId('stage-First meeting')).getByText('No deals')).toBeTruthy();
  });

  it('moves a deal to the next stage with the keyboard (Space, arrow right, Space)', async () => {
    const onMove = renderBoard();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Move Orbital' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}');
    await user.keyboard(' ');
    expect(onMove).toHaveBeenCalledWith('1', 'Screening');
  });

  it('goes two stages with two arrows, and Escape cancels', async () => {
    const onMove = renderBoard();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Move Orbital' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.keyboard('{Escape}');
    expect(onMove).not.toHaveBeenCalled();

    screen.getByRole('button', { name: 'Move Orbital' }).focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.keyboard(' ');
    expect(onMove).toHaveBeenCalledWith('1', 'First meeting');
  });
});
