import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Camera, type CameraAction, type InstallCameraBody, type LoginResult } from '@vigil/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useVisibleCameras } from '../../../shared/cameras/visible-cameras.ts';
import { sessionStore } from '../../../shared/session/store.ts';
import { useInstallCamera } from './install-camera.ts';

/**
 * The camera pickers of recordings and events read the one camera list (decision 0106): installing a camera
 * must refresh it for both, with the screens mounted and without a reload.
 */
const ALL_ACTIONS: CameraAction[] = ['view', 'viewLive', 'viewRecorded', 'events'];
/** A camera as GET /cameras answers it: every field of the contract, since answers are parsed with it (0020). */
const camera = (uidd: string, name: string): Camera => {
  const [owner = '', deviceId = ''] = uidd.split('.');
  return Camera.parse({
    logger: 'http://vigil.test',
    uidd,
    owner,
    deviceId,
    model: 'RTSP',
    name,
    recordedStreamName: 'main',
    macAddress: null,
    camId: deviceId,
    timezoneName: 'UTC',
    cloudRecordingEnabled: true,
    romEnabled: false,
    ptzEnabled: false,
    talkbackEnabled: false,
    audioEnabled: false,
    analyticsEnabled: false,
    mainstreamLive: true,
    analyticsScheme: null,
    recordingResolution: '2MP',
    wowza: null,
    sdWowza: null,
    cloudAdapterId: null,
    cloudAdapterVersion: null,
    localLiveHost: null,
    localLiveId: null,
    access: 'a',
    tags: [],
    videoCodec: 'h264',
    lastLogger: null,
    recordingMode: 'continuous',
    cloudStorageDuration: 7,
    motionSensitivity: 5,
    hasSdStream: false,
    video: { width: 1920, height: 1080, frameRate: 25, audioCodec: null },
    uninstalled: false,
    uninstalledAt: null,
    createdAt: 1_700_000_000_000,
    permission: { role: 'owner', actions: ALL_ACTIONS },
  });
};

/** The server: GET /cameras lists what POST /cameras installed. */
function fakeServer() {
  const cameras = [camera('me.hall', 'Hall')];
  const lists: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://vigil.test');
    if (u.pathname === '/cameras' && (init?.method ?? 'GET') === 'GET') {
      lists.push(u.searchParams.get('owner') ?? '');
      return Response.json(cameras);
    }
    if (u.pathname === '/cameras' && init?.method === 'POST') {
      const body = JSON.parse(init.body as string) as { name: string };
      const added = camera('me.yard', body.name);
      cameras.push(added);
      return Response.json(added);
    }
    return new Response('{}', { status: 404 });
  });
  return { fetchMock, lists };
}

/** What PlaybackPage (recordings) and EventsPage (events) list their cameras with. */
function RecordingsPicker() {
  const cameras = useVisibleCameras('viewRecorded');
  return <p data-testid="recordings">{(cameras.data ?? []).map((c) => c.name).join(',')}</p>;
}
function EventsPicker() {
  const cameras = useVisibleCameras('events');
  return <p data-testid="events">{(cameras.data ?? []).map((c) => c.name).join(',')}</p>;
}
/** The add-camera form, reduced to its submit. */
function Installer() {
  const install = useInstallCamera();
  const body = { url: 'rtsp://cam.test/main', name: 'Yard' } as InstallCameraBody;
  return (
    <button type="button" onClick={() => install.mutate(body)}>
      {install.isSuccess ? 'Installed' : 'Install'}
    </button>
  );
}

beforeEach(() => {
  sessionStore.set({
    uid: 'me',
    authToken: 't',
    organisations: [],
    cameraGroups: [],
  } as unknown as LoginResult);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.set(null);
  localStorage.clear();
});

describe('installing a camera', () => {
  it('refetches the one camera list that recordings and events show, while they are on screen', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    // Nothing goes stale by time here: only an invalidation can bring the new camera in.
    const qc = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    render(
      <QueryClientProvider client={qc}>
        <RecordingsPicker />
        <EventsPicker />
        <Installer />
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(screen.getByTestId('recordings').textContent).toBe('Hall'));
    expect(screen.getByTestId('events').textContent).toBe('Hall');
    // One list for both screens: one call.
    expect(server.lists).toEqual(['me']);

    act(() => screen.getByRole('button', { name: 'Install' }).click());
    await vi.waitFor(() => expect(screen.getByRole('button').textContent).toBe('Installed'));

    await vi.waitFor(() => expect(screen.getByTestId('recordings').textContent).toBe('Hall,Yard'));
    expect(screen.getByTestId('events').textContent).toBe('Hall,Yard');
    expect(server.lists).toEqual(['me', 'me']);
  });
});
