import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

/** What counts as the visitor reaching for an element: pointer or touch on it, keyboard focus into it, the mouse over it. */
const INTERACTIONS = ['pointerdown', 'touchstart', 'focusin', 'mouseenter'] as const;

export interface OnDemandOptions {
  /** The element whose first interaction loads the module at once. */
  ref: RefObject<HTMLElement | null>;
  /** Milliseconds after `from` at which the module is loaded anyway; `null`: only at an interaction. */
  afterMs: number | null;
  /** When `afterMs` starts (`performance.now()` time); the component's mount when not given. */
  from?: number;
}

/**
 * Loads a module on demand: `afterMs` after the component mounted (or after `from`; never when `null`), or at the
 * visitor's first
 * interaction with the element (pointer down, touch, focus, mouse enter; or the focus or the mouse already on it
 * when it mounts), whichever comes first. Answers the module once it is
 * there, `null` before: on the server and in the first render in the browser too, so hydration matches and the
 * component shows its plain markup until then. A failed load keeps that markup and is tried again at the next
 * interaction.
 */
export function useModuleOnDemand<M>(load: () => Promise<M>, { ref, afterMs, from }: OnDemandOptions): M | null {
  const [module, setModule] = useState<M | null>(null);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    const element = ref.current;
    let cancelled = false;
    let loading = false;
    const detach = () => {
      clearTimeout(timer);
      for (const type of INTERACTIONS) element?.removeEventListener(type, go);
    };
    const go = () => {
      if (loading) return;
      loading = true;
      detach();
      loader.current().then(
        (loaded) => {
          // A transition: React renders what the module brings in slices, not in one long task.
          if (!cancelled) startTransition(() => setModule(() => loaded));
        },
        (error: unknown) => {
          console.warn('[on-demand] module failed to load; trying again at the next interaction', error);
          loading = false;
          if (!cancelled) for (const type of INTERACTIONS) element?.addEventListener(type, go, { passive: true });
        },
      );
    };
    const timer =
      afterMs === null
        ? undefined
        : setTimeout(go, Math.max(0, afterMs + (from ?? performance.now()) - performance.now()));
    for (const type of INTERACTIONS) element?.addEventListener(type, go, { passive: true });
    // The visitor reached for it before its code was there (server markup, focused or hovered before hydration).
    if (element?.matches(':focus-within, :hover')) go();
    return () => {
      cancelled = true;
      detach();
    };
  }, [ref, afterMs, from]);
  return module;
}
