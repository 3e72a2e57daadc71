import { useMutation } from '@tanstack/react-query';
import { type CameraTaskActionName, SendCameraTaskResult } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';

/** GET /sendcameratask?uid&action&caller=web (spec 001 §7): live, stills, PTZ, uninstall. */
export const sendCameraTask = (uid: string, action: CameraTaskActionName): Promise<SendCameraTaskResult> =>
  apiFetch('/sendcameratask', SendCameraTaskResult, { query: { uid, action, caller: 'web' } });

export const useSendCameraTask = () =>
  useMutation({
    mutationFn: (v: { uid: string; action: CameraTaskActionName }) => sendCameraTask(v.uid, v.action),
  });
