import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { fit, primaryButton } from '../../../shared/ui/styles.ts';
import '../../../shared/i18n/evidence.texts.ts';

/**
 * Where files are dropped to be checked, with a button for keyboard and phone users. Files dropped anywhere on the
 * page count too: a near miss must not make the browser open the clip in place of the page.
 */
export function DropZone({ onFiles, busy }: { onFiles: (files: File[]) => void; busy: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const handler = useRef(onFiles);
  useEffect(() => {
    handler.current = onFiles;
  });

  useEffect(() => {
    const dragOver = (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (e.relatedTarget === null) setOver(false);
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length) handler.current(files);
    };
    window.addEventListener('dragover', dragOver);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', dragOver);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);

  return (
    <div
      data-testid="verify-drop-zone"
      data-over={over}
      className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center sm:p-10 ${
        over ? 'border-accent bg-accent/5' : 'border-neutral-300 bg-white'
      }`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 text-neutral-400" fill="none">
        <path
          d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <p className="font-medium text-neutral-800">{t('evidence.dropHere')}</p>
      <p className="text-sm text-neutral-600">{t('evidence.or')}</p>
      <button
        type="button"
        className={fit(primaryButton)}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {t('evidence.choose')}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        // Out of the page and of the accessibility tree: the button above is the one control people reach.
        hidden
        data-testid="verify-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <p className="text-xs text-neutral-500">{t('evidence.privacy')}</p>
    </div>
  );
}
