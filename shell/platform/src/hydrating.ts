import { useRef, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;
const inBrowser = () => false;
const fromServer = () => true;

/**
 * True in the render that adopts the server's markup (hydration, and the server render itself), false in any
 * later render and in a page rendered by the browser alone.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(noSubscription, inBrowser, fromServer);
}

/**
 * Whether this component first appeared as server markup: it has been on screen since the page opened, and what
 * the first view does by itself (the shell's first-view rules) is already done. Fixed at its first render.
 */
export function useAdoptedFromServer(): boolean {
  const hydrating = useHydrating();
  const adopted = useRef<boolean | null>(null);
  adopted.current ??= hydrating;
  return adopted.current;
}
