/**
 * A property of a value whose shape nobody promised (a request body, an error's details, a parsed reply), or
 * undefined when it is not an object: read it, then check its type where it is used.
 */
export function fieldOf(value: unknown, name: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  const field: unknown = Reflect.get(value, name);
  return field;
}
