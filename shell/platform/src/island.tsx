import {
  Component,
  Fragment,
  lazy,
  memo,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  FIRST_VIEW_GLOBAL,
  ISLAND,
  type FirstViewHandOver,
  type IslandFailure,
  type IslandWake,
} from '@site/shared-types';
import { UNSAFE_LocationContext as LocationContext } from './router';

/** An island's wrapper takes no box of its own: the section lays out as if it were not there. */
const CONTENTS = { display: 'contents' } as const;
/** How far from the viewport a `visible` island wakes (it has its code by the time it is seen). */
const VISIBLE_MARGIN = '400px';
const REACH = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

type HandOver = FirstViewHandOver<Element>;

const handOver = (): HandOver | undefined =>
  (window as unknown as Record<string, HandOver | undefined>)[FIRST_VIEW_GLOBAL];

/** The elements of the island's server markup: the wrapper's children (the wrapper itself has no box). */
const boxes = (wrappers: Element[]) => wrappers.flatMap((wrapper) => [...wrapper.children]);

/**
 * Calls `wake` once the visitor reaches for one of the server's `wrappers` (or already did, before the page's code
 * came), or when it comes near the viewport (`visible`), or when the page scrolls (`scroll`).
 */
function watch(wrappers: Element[], when: IslandWake, wake: () => void): void {
  const stops: (() => void)[] = [];
  const go = () => {
    stops.forEach((stop) => stop());
    wake();
  };
  const reached = wrappers.some(
    (wrapper) =>
      handOver()?.reachedFor(wrapper) || boxes([wrapper]).some((box) => box.matches(':hover, :focus-within')),
  );
  if (reached || wrappers.length === 0) {
    go();
    return;
  }
  // On the window, in the capture phase: React stops an event on markup it has not adopted in its own capture
  // listener on the page's root, before the event reaches the island.
  const reach = (event: Event) => {
    if (event.target instanceof Node && wrappers.some((wrapper) => wrapper.contains(event.target as Node))) go();
  };
  for (const type of REACH) addEventListener(type, reach, { capture: true, passive: true });
  stops.push(() => REACH.forEach((type) => removeEventListener(type, reach, true)));
  if (when === 'visible') {
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), {
      rootMargin: VISIBLE_MARGIN,
    });
    boxes(wrappers).forEach((box) => observer.observe(box));
    stops.push(() => observer.disconnect());
  }
  if (when === 'scroll') {
    if (window.scrollY > 0) {
      go();
      return;
    }
    addEventListener('scroll', go, { passive: true });
    stops.push(() => removeEventListener('scroll', go));
  }
}

/** Loads the island's code; a failed fetch keeps the server's markup and is tried again at the next press. */
function loadPatiently<M>(load: () => Promise<M>): Promise<M> {
  return new Promise((resolve) => {
    const attempt = () => {
      load().then(resolve, (error: unknown) => {
        console.warn('[island] its code failed to load; trying again at the next press', error);
        addEventListener('pointerdown', attempt, { once: true, capture: true, passive: true });
      });
    };
    attempt();
  });
}

/** Marks the island adopted (`onAdopted`, `ISLAND.ready`) and replays the taps the first view kept for it. */
function Adopted({ wrapper, onAdopted }: { wrapper: RefObject<HTMLDivElement | null>; onAdopted: () => void }) {
  useEffect(() => {
    onAdopted();
    const element = wrapper.current;
    if (!element) return;
    element.setAttribute(ISLAND.ready, '');
    // After React has handled what the island's own effects did as it was adopted (a form takes over what was
    // typed into it): a form sent meanwhile is sent with that.
    const replay = setTimeout(() => handOver()?.replayTaps(element), 0);
    return () => clearTimeout(replay);
  }, [wrapper, onAdopted]);
  return null;
}

/** On the server: the islands' code still being fetched (`islandsReady`). */
const serverLoads = new Set<Promise<void>>();

/**
 * On the server: answers once every island defined so far has its code, so that no render suspends on one (the
 * server render waits for it before it renders a page).
 */
export function islandsReady(): Promise<void> {
  return Promise.all(serverLoads).then(() => undefined);
}

/** A copy of each island's server markup, taken before React adopts any of it: put back if its code fails. */
const serverMarkup = new WeakMap<Element, Node[]>();

interface BoundaryProps {
  name: string;
  wrapper: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}

/**
 * Contains an island whose code fails while adopting or rendering it: the island's server markup (the copy in
 * `serverMarkup`) comes back in place of nothing, and the shell is told (`ISLAND.failed`), which reports it and
 * offers 重试. The rest of the page keeps working.
 */
class IslandBoundary extends Component<BoundaryProps, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };
  private settle: ((worked: boolean) => void) | null = null;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate() {
    if (this.state.failed) return;
    this.settle?.(true);
    this.settle = null;
  }

  override componentDidCatch(error: unknown) {
    console.error(`[island] ${this.props.name} failed:`, error);
    const wrapper = this.props.wrapper.current;
    const markup = wrapper && serverMarkup.get(wrapper);
    if (wrapper && markup) wrapper.replaceChildren(...markup.map((node) => node.cloneNode(true)));
    if (this.settle) {
      this.settle(false);
      this.settle = null;
      return;
    }
    const detail: IslandFailure = { name: this.props.name, error, retry: this.retry };
    dispatchEvent(new CustomEvent(ISLAND.failed, { detail }));
  }

  private retry = () =>
    new Promise<boolean>((resolve) => {
      this.settle = resolve;
      this.props.wrapper.current?.replaceChildren();
      this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }));
    });

  override render() {
    return this.state.failed ? null : <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}

/**
 * A section of the page with code of its own (docs/decisions.md "Islands"): `load` fetches its component, in a chunk
 * of its own. The server renders it whole. In the browser, the page's code adopts everything around it and leaves
 * its server markup as it is (a Suspense boundary not hydrated yet) until `when` wakes it; then its code is
 * fetched and React adopts it, and a tap made on it meanwhile is replayed. Rendered later by the application
 * (another page opened in the browser), it fetches its code at once.
 */
export function island<P extends object>(
  name: string,
  load: () => Promise<{ default: ComponentType<P> }>,
  when: IslandWake = 'touch',
): ComponentType<P> {
  let adopted = false;
  const onAdopted = () => {
    adopted = true;
  };
  let wake: () => void = () => undefined;
  const woken = new Promise<void>((resolve) => {
    wake = resolve;
  });
  // On the server the island's code is fetched as soon as the island is defined, and handed to React as already
  // there (the render waits for `islandsReady`), so no render suspends on it: a boundary that suspends is written
  // differently (the pictures' preloads move), and the same page must come out the same whenever it is rendered.
  let onServer: { default: ComponentType<P> } | null = null;
  if (typeof document === 'undefined') {
    const loading = load().then(
      (module) => {
        onServer = module;
      },
      () => undefined,
    );
    serverLoads.add(loading);
    void loading.then(() => serverLoads.delete(loading));
  }
  const Code = lazy(() => {
    if (typeof document === 'undefined') {
      const module = onServer;
      return module ? ({ then: (take: (loaded: typeof module) => void) => take(module) } as never) : load();
    }
    const wrappers = [...document.querySelectorAll(`[${ISLAND.name}="${name}"]`)];
    for (const wrapper of wrappers)
      serverMarkup.set(
        wrapper,
        [...wrapper.childNodes].map((n) => n.cloneNode(true)),
      );
    watch(wrappers, when, wake);
    return woken.then(() => loadPatiently(load));
  });
  function Island(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    // Another page opened in the application: React has to adopt the island to update it, and waits (navigation
    // is a transition) until its code is there.
    const location = useContext(LocationContext)?.location;
    const firstLocation = useRef(location);
    if (location !== firstLocation.current) wake();
    // Rendered by the application, not adopted from the server's markup (the wrapper is empty while its code
    // comes): nothing to wait for. Read from the page, not from a hook, since any update of this component
    // before it is adopted would make React drop the server's markup.
    useLayoutEffect(() => {
      if (wrapper.current?.childNodes.length === 0) wake();
    }, []);
    return (
      <div ref={wrapper} style={CONTENTS} {...{ [ISLAND.name]: name }}>
        <IslandBoundary name={name} wrapper={wrapper}>
          <Suspense fallback={null}>
            <Code {...props} />
            <Adopted wrapper={wrapper} onAdopted={onAdopted} />
          </Suspense>
        </IslandBoundary>
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  // Until it is adopted, a render of the page around it does not reach it: React would have to adopt it to pass
  // new props in, and while its code is not there it would drop the server's markup (and what was typed into it)
  // and render it anew. It is adopted with the props of the first render, which the server's markup was made from.
  return memo(Island, () => !adopted);
}
