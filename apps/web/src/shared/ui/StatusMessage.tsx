/** A success note after an action, announced politely (the counterpart of FormError). */
export function StatusMessage({ message }: { message: string | undefined }) {
  return (
    <p role="status" className={message ? 'rounded-md bg-green-50 p-2 text-sm text-green-800' : 'sr-only'}>
      {message}
    </p>
  );
}
