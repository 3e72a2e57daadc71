import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type NvrMode, RecordingConfigResponse, type RecordingMode } from '@vigil/contracts';
import { apiFetch } from '../../../shared/api/client.ts';
import { cameraKeys } from '../../../shared/cameras/keys.ts';
import { settingsKeys } from './keys.ts';
import { raiseErr } from './raise-err.ts';

/** GET /cameras/recording/config: cloud recording, mode, nvrmode and the recorded stream. */
export const useRecordingConfig = (uidd: string) =>
  useQuery({
    queryKey: settingsKeys.recording(uidd),
    queryFn: ({ signal }) =>
      apiFetch('/cameras/recording/config', RecordingConfigResponse, { query: { uidd }, signal }),
  });

export type RecordingChange =
  | { uidd: string; cloudRecordingEnabled: boolean }
  | { uidd: string; mode: RecordingMode }
  | { uidd: string; nvrmode: NvrMode };

/** The spec's call for each change (001 §7 Configuration), its `err` raised. */
function send(change: RecordingChange) {
  const put = (path: string) =>
    apiFetch(path, RecordingConfigResponse, { method: 'PUT', body: change }).then(raiseErr);
  if ('cloudRecordingEnabled' in change) return put('/cameras/config/cloudrecordingenabled');
  if ('mode' in change) return put('/cameras/config/recordingmode');
  return put('/cameras/config/nvrmode');
}

export function useSaveRecording() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (res) => {
      qc.setQueryData(settingsKeys.recording(res.uidd), res);
      // The camera list carries cloudRecordingEnabled, romEnabled and recordingResolution too.
      void qc.invalidateQueries({ queryKey: cameraKeys.all });
      void qc.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}
