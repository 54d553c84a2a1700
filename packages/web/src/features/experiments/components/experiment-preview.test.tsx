import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { experimentMessages as texts, type ExperimentDescriptionInput } from '@testbed/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExperimentPreviewPanel } from './experiment-preview';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes, signInAs } from '../../../test/app';

const DESCRIPTION: ExperimentDescriptionInput = { name: 'Mesh', durationMinutes: 60, start: 'earliest', groups: [{ type: 'openwrt-router', count: 1, image: 'openwrt-23' }] };
const PREVIEW = {
  start: '2026-12-01T10:00:00.000Z',
  end: '2026-12-01T11:00:00.000Z',
  devices: [{ group: 0, deviceType: 'openwrt-router', macAddress: '02:00:00:02:00:01', ipAddress: '10.0.2.11', image: 'openwrt-23' }],
};

afterEach(() => vi.unstubAllGlobals());

describe('Saving a previewed description as a template', () => {
  it('shows a blank name under its field and sends nothing, then sends the trimmed name', async () => {
    signInAs('USER');
    const server = fakeServer({ 'POST /api/experimentTemplates': () => ({ status: 201, body: { id: 3, name: 'Routers', owner: 'alice', groupId: null, groupName: null, description: DESCRIPTION, createdAt: '2026-11-29T10:00:00.000Z' } }) });
    renderRoutes('/', { '/': <ExperimentPreviewPanel checked={{ description: DESCRIPTION, preview: PREVIEW }} confirming={false} onConfirm={() => {}} /> });
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: texts.TEMPLATE_NAME });
    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: texts.SAVE_TEMPLATE }));
    expect(name).toHaveAccessibleDescription('Give the template a name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls).toEqual([]);

    await user.type(name, 'Routers ');
    expect(screen.queryByText('Give the template a name.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: texts.SAVE_TEMPLATE }));
    await waitFor(() => expect(server.called('POST', '/api/experimentTemplates')).toHaveLength(1));
    expect(server.called('POST', '/api/experimentTemplates')[0]!.body).toEqual({ name: 'Routers', description: DESCRIPTION });
  }, 30_000);
});
