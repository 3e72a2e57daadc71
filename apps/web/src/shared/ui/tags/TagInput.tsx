import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { tagToAdd } from './tag-rules.ts';

/**
 * The tag input of spec 000 §5: Enter or blur adds the typed tag (not empty, not a duplicate; in restricted mode
 * only a known tag), placeholder 'Type tag here', and the suggestion 'Add tag "{tag}"' when not restricted.
 */
export function TagInput({
  label,
  tags,
  onAdd,
  onRemove,
  restricted,
  known,
  disabled,
}: {
  label: string;
  tags: readonly string[];
  onAdd: (tag: string) => void;
  onRemove: (tag: string) => void;
  restricted?: boolean;
  known?: readonly string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const id = useId();
  const listId = useId();
  const add = () => {
    const tag = tagToAdd(typed, tags, { restricted, known });
    if (tag) onAdd(tag);
    setTyped('');
  };
  const suggestion = !restricted ? tagToAdd(typed, tags) : null;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <ul className="mt-1 flex flex-wrap gap-1" aria-label={label}>
        {tags.map((tag) => (
          <li key={tag} className="flex items-center gap-1 rounded-full bg-neutral-200 px-2 py-0.5 text-sm">
            {tag}
            <button
              type="button"
              disabled={disabled}
              onClick={() => onRemove(tag)}
              className="text-neutral-500 hover:text-neutral-900"
              aria-label={t('tags.remove', { tag })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={id}
        value={typed}
        disabled={disabled}
        list={restricted ? listId : undefined}
        placeholder={t('tags.placeholder')}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
        onBlur={add}
        className="mt-1 w-full rounded border border-neutral-300 px-2 py-1 text-sm"
      />
      {restricted && (
        <datalist id={listId}>
          {(known ?? []).map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
      )}
      {suggestion && (
        <p className="mt-1 text-xs text-neutral-600" data-testid="tag-suggestion">
          {t('tags.suggest', { tag: suggestion })}
        </p>
      )}
    </div>
  );
}
