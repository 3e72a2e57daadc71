import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribeThisDevice } from './push-subscription.ts';

describe('subscribing this browser to web push (decision 0713)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says why a browser cannot: no Push API, or notifications refused', async () => {
    // jsdom has neither a service worker nor the Push API.
    await expect(subscribeThisDevice()).rejects.toMatchObject({
      key: 'notificationSettings.pushUnsupported',
    });
    const register = vi.fn();
    vi.stubGlobal('navigator', { serviceWorker: { register } });
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { requestPermission: async () => 'denied' });
    await expect(subscribeThisDevice()).rejects.toMatchObject({ key: 'notificationSettings.pushDenied' });
    // Nothing was registered before the person said yes.
    expect(register).not.toHaveBeenCalled();
  });
});
