/**
 * Values kept once per server process: the database, the loggers, the workers, listener sets. They live on globalThis,
 * under one map, so the dev server's module reloads (and a bundle holding two copies of a module) reuse them instead
 * of opening a second connection or starting a second worker. Each key belongs to one module, which names its type.
 */
declare global {
  var __samenProcessWide: Map<string, { value: unknown }> | undefined;
}

function box(key: string): { value: unknown } {
  const store = (globalThis.__samenProcessWide ??= new Map());
  let found = store.get(key);
  if (!found) store.set(key, (found = { value: undefined }));
  return found;
}

/** A process-wide value that may be unset: read, replace or clear it. */
export interface ProcessWideSlot<T> {
  get(): T | undefined;
  set(value: T | undefined): void;
}

export function processWideSlot<T>(key: string): ProcessWideSlot<T> {
  const held = box(key);
  return {
    // The one place a process-wide value is read back: only this key's slot, typed once, ever writes it.
    get: () => held.value as T | undefined,
    set: (value) => {
      held.value = value;
    },
  };
}

/** The process-wide value under `key`, made by `create` the first time any copy of the module asks. */
export function processWide<T>(key: string, create: () => T): T {
  const slot = processWideSlot<T>(key);
  const existing = slot.get();
  if (existing !== undefined) return existing;
  const value = create();
  slot.set(value);
  return value;
}
