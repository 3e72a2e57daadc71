import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { ObjectStorageHealth } from './ObjectStorageHealth.tsx';

beforeAll(() => {
  initI18n('en');
});
afterEach(cleanup);

describe('ObjectStorageHealth (the /health screen’s bucket, decision 0857)', () => {
  it('says when recordings move to no bucket', async () => {
    render(<ObjectStorageHealth bucket={{ configured: false }} />);
    expect(await screen.findByRole('heading', { name: 'Object storage' })).toBeTruthy();
    expect(screen.getByText('Not configured: recordings stay on the recorders’ disks.')).toBeTruthy();
  });

  it('shows a bucket away: its name, that it does not answer, what waits and the last error', async () => {
    render(
      <ObjectStorageHealth
        bucket={{
          configured: true,
          bucket: 'vigil-eu',
          reachable: false,
          backlog: 42,
          lastUploadAt: null,
          lastError: 'upload failed: TimeoutError',
          lastErrorAt: Date.UTC(2026, 10, 24, 23, 0),
        }}
      />,
    );
    expect(await screen.findByText('vigil-eu')).toBeTruthy();
    expect(screen.getByText('does not answer')).toBeTruthy();
    expect(screen.getByTestId('bucket-backlog').textContent).toBe('42');
    expect(screen.getByText('none since this server started')).toBeTruthy();
    expect(screen.getByText(/^upload failed: TimeoutError · /)).toBeTruthy();
  });
});
