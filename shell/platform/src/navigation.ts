/**
 * How platform code (the API client) moves the app to another path. The shell registers its router's
 * navigate; before that (or outside a browser) a full navigation is used.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let current: Navigate | null = null;

export function registerNavigator(navigate: Navigate | null): void {
  current = navigate;
}

/** Navigates; a failed navigation is ignored without any message (docs/behaviour.md#start-up-redirect). */
export function navigateTo(path: string, options?: { replace?: boolean }): void {
  try {
    if (current) current(path, options);
    else if (typeof window !== 'undefined') window.location.assign(path);
  } catch {
    // ignored on purpose
  }
}
