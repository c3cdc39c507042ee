/** A value with listeners, shaped for React's useSyncExternalStore(subscribe, get); every store here is one. */
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<(v: T) => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const fn of listeners) fn(next);
    },
    subscribe(fn: (v: T) => void) {
      listeners.add(fn);
      return () => void listeners.delete(fn);
    },
  };
}
