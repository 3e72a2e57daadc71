/** A form's error, shown below the form (spec 000 §5) and announced at once. */
export function FormError({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
      {message}
    </p>
  );
}
