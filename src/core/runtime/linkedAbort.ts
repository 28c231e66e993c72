/**
 * Child controllers aborted with their parent signal, through one listener on the parent however
 * many children it has. Each tool call and each model attempt made its own controller and added a
 * listener to the run's signal: removed when the call ended, but a long run with many calls in
 * flight (a diagnosis at concurrency 16 calls a tool per question) held more than ten at once, and
 * Node warned of a leak (MaxListenersExceededWarning). Here the parent keeps one listener, and a
 * finished child only leaves a set.
 */

type Child = { controller: AbortController; reason: (parentReason: unknown) => unknown };

const childrenOf = new WeakMap<AbortSignal, Set<Child>>();

/**
 * Aborts `controller` when `parent` aborts (with `reason(parent.reason)`, default the parent's
 * reason). Returns the unlink to call when the child's work is done.
 */
export function linkAbort(parent: AbortSignal, controller: AbortController, reason: (parentReason: unknown) => unknown = (r) => r): () => void {
  if (parent.aborted) {
    controller.abort(reason(parent.reason));
    return () => undefined;
  }
  let children = childrenOf.get(parent);
  if (!children) {
    const set = new Set<Child>();
    children = set;
    childrenOf.set(parent, set);
    parent.addEventListener('abort', () => {
      childrenOf.delete(parent);
      for (const child of [...set]) child.controller.abort(child.reason(parent.reason));
      set.clear();
    }, { once: true });
  }
  const child: Child = { controller, reason };
  children.add(child);
  return () => {
    children!.delete(child);
  };
}

/** How many children are linked to `parent` now (tests). */
export function linkedChildren(parent: AbortSignal): number {
  return childrenOf.get(parent)?.size ?? 0;
}
