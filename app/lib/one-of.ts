/** Whether `value` is one of `list`'s members, narrowing it to their type: the type guard for a closed list of words. */
export function isOneOf<const T>(list: readonly T[], value: unknown): value is T {
  return list.some((member) => member === value);
}
