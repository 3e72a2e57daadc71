import { IMAGE_TYPES } from './image-body.ts';

/** An image's preview (or an empty frame) beside its file input. */
export function ImageUpload({
  label,
  src,
  onFile,
}: {
  label: string;
  src: string | undefined;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      {src ? (
        <img
          src={src}
          alt=""
          className="h-10 w-10 shrink-0 rounded border border-neutral-200 object-contain"
        />
      ) : (
        <span className="h-10 w-10 shrink-0 rounded border border-dashed border-neutral-300" />
      )}
      <label className="min-w-0 text-sm">
        <span className="block font-medium">{label}</span>
        <input
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="block w-full min-w-0 text-sm"
          onChange={(e) => onFile(e.target.files?.[0])}
        />
      </label>
    </div>
  );
}

/** A call's failure (announced at once) or its success. */
export function Outcome({ error, done }: { error: string | undefined; done: string | undefined }) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm text-green-800">
          {done}
        </p>
      )}
    </>
  );
}
