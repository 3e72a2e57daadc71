import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { EventItem } from '@vigil/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/index.ts';
import { EventCard } from './EventCard.tsx';
import { LabelConfidences } from './EventLabels.tsx';

beforeAll(() => {
  initI18n('en');
  // The thumbnail's fetch: none here.
  vi.stubGlobal('fetch', async () => new Response(null, { status: 404 }));
});
afterEach(cleanup);

const event = (e: Partial<EventItem>): EventItem => ({
  id: 'e1',
  alert: 'e1',
  startTime: Date.UTC(2026, 10, 21, 8),
  endTime: Date.UTC(2026, 10, 21, 8),
  durationSeconds: 0,
  rom: false,
  motionScore: 4,
  logger: null,
  cameraUidd: 'u1.cam',
  uid: 'u1',
  deviceId: 'cam',
  hasHighResStill: true,
  tags: [],
  ...e,
});

function card(e: EventItem) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ul>
        <EventCard
          event={e}
          cameraName="Hallway"
          selecting={false}
          selected={false}
          onToggle={() => {}}
          onOpen={() => {}}
        />
      </ul>
    </QueryClientProvider>,
  );
  return screen.getByRole('button');
}

describe('EventCard', () => {
  it('says "Ongoing" while motion goes on, and 0s for an event that ended within its first second', () => {
    expect(card(event({ ongoing: true })).textContent).toContain('Ongoing');
    expect(screen.getByRole('button').textContent).not.toContain('0s');
    cleanup();
    expect(card(event({ ongoing: false })).textContent).toContain('0s');
    expect(screen.getByRole('button').textContent).not.toContain('Ongoing');
    cleanup();
    expect(
      card(event({ durationSeconds: 75, endTime: Date.UTC(2026, 10, 21, 8, 1, 15) })).textContent,
    ).toContain('1m 15s');
  });

  it('shows the labels as chips, and says them in words to assistive technology', () => {
    const button = card(event({ labels: ['person', 'car'] }));
    expect(screen.getAllByTestId('label-chip').map((c) => c.textContent)).toEqual(['person', 'car']);
    expect(screen.getAllByTestId('label-chip').every((c) => c.getAttribute('aria-hidden') === 'true')).toBe(
      true,
    );
    expect(button.textContent).toContain('Recognised: person, car');
    cleanup();
    card(event({ labels: [] }));
    expect(screen.queryByTestId('event-labels')).toBeNull();
  });
});

describe('LabelConfidences (the preview)', () => {
  it('shows nothing without labels, the names while loading, then their confidences', () => {
    const { container } = render(<LabelConfidences labels={[]} />);
    expect(container.innerHTML).toBe('');
    cleanup();
    render(<LabelConfidences labels={[{ label: 'person', confidence: undefined }]} />);
    const list = screen.getByRole('list', { name: 'Labels' });
    expect(list.textContent?.trim()).toBe('person');
    cleanup();
    render(
      <LabelConfidences
        labels={[
          { label: 'person', confidence: 0.87 },
          { label: 'car', confidence: 0.41 },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['person 87%', 'car 41%']);
  });
});
