/**
 * Tag input rules (spec 000 §5): Enter or blur adds the typed tag if it is non-empty and not a duplicate; in
 * restricted mode it must also be one of the known tags. Returns the tag to add, or null.
 */
export function tagToAdd(
  typed: string,
  current: readonly string[],
  o: { restricted?: boolean | undefined; known?: readonly string[] | undefined } = {},
): string | null {
  const tag = typed.trim();
  if (!tag) return null;
  if (current.includes(tag)) return null;
  if (o.restricted && !(o.known ?? []).includes(tag)) return null;
  return tag;
}
