/**
 * The error answers (HTTP statuses) a route hook may give: a hook that loads the session may answer
 * 401, one that also checks the role 403, a rate limit 429. The API document lists, for each route,
 * those of the hooks it runs (server/http/apiDocument.ts).
 */
const refusalsOfHook = new WeakMap<object, readonly number[]>();

/** Records what `hook` may answer; answers the hook itself. */
export function refuses<H extends object>(statuses: readonly number[], hook: H): H {
  refusalsOfHook.set(hook, statuses);
  return hook;
}

/** What a hook may answer, by what was recorded of it (nothing for any other hook). */
export function refusalsOf(hook: unknown): readonly number[] {
  return (typeof hook === 'function' && refusalsOfHook.get(hook)) || [];
}
