import { CAMERA_NAME_MAX_LENGTH, type Camera } from '@vigil/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { FormError } from '../../../shared/ui/FormError.tsx';
import { StatusMessage } from '../../../shared/ui/StatusMessage.tsx';
import { fit, inputClass, primaryButton } from '../../../shared/ui/styles.ts';
import { TagInput } from '../../../shared/ui/tags/TagInput.tsx';
import { useRename, useSaveTags } from '../api/camera-details.ts';
import { Section } from './Section.tsx';
import { useFeedback } from './use-feedback.ts';
import '../../../shared/i18n/settings.texts.ts';

/** Name (PUT /phonename) and tags (PUT /cameras/tags, the tag input of spec 000 §5). */
export function DetailsSection({
  camera,
  canRename,
  canTag,
}: {
  camera: Camera;
  canRename: boolean;
  canTag: boolean;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const [name, setName] = useState(camera.name);
  const [tags, setTags] = useState<string[]>(camera.tags);
  const rename = useRename();
  const saveTags = useSaveTags();
  const nameFeedback = useFeedback();
  const tagFeedback = useFeedback();
  return (
    <Section title={t('cameraSettings.details')}>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void nameFeedback.run(() => rename.mutateAsync({ uidd: camera.uidd, name: name.trim() }));
        }}
      >
        <label htmlFor={nameId} className="text-sm font-medium">
          {t('cameraSettings.name')}
        </label>
        <input
          id={nameId}
          className={inputClass}
          value={name}
          maxLength={CAMERA_NAME_MAX_LENGTH}
          required
          disabled={!canRename}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className={fit(primaryButton)} disabled={!canRename || rename.isPending}>
          {t('cameraSettings.saveName')}
        </button>
        <StatusMessage message={nameFeedback.saved} />
        <FormError message={nameFeedback.error} />
      </form>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void tagFeedback.run(() => saveTags.mutateAsync({ uidd: camera.uidd, tags }));
        }}
      >
        <TagInput
          label={t('cameraSettings.tags')}
          tags={tags}
          disabled={!canTag}
          onAdd={(tag) => setTags((ts) => [...ts, tag])}
          onRemove={(tag) => setTags((ts) => ts.filter((x) => x !== tag))}
        />
        <button type="submit" className={fit(primaryButton)} disabled={!canTag || saveTags.isPending}>
          {t('cameraSettings.saveTags')}
        </button>
        <StatusMessage message={tagFeedback.saved} />
        <FormError message={tagFeedback.error} />
      </form>
    </Section>
  );
}
