import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { api, queryData, useAppStore, type RemoteModule, type RemoteProps } from '@site/platform';
import { reportClientError } from './error-report';
import { loadRemoteApp, manifestUrl, refreshRemote } from './registry';
import type { RemoteName } from '@site/shared-types';
import { REMOTE_BASE } from './remote-for-path';
import styles from '../shell.module.css';

interface BoundaryProps {
  name: RemoteName;
  onRetry: () => Promise<void>;
  children: ReactNode;
}

/** Contains a remote that fails to load or render: logs it and offers a retry that really reloads the remote. */
class RemoteBoundary extends Component<BoundaryProps, { failed: boolean; retrying: boolean }> {
  override state = { failed: false, retrying: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[remote] ${this.props.name} failed (manifest ${manifestUrl(this.props.name)}):`, error);
    reportClientError('load', error, this.props.name);
  }

  private retry = async () => {
    this.setState({ retrying: true });
    await this.props.onRetry();
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.fallback} role="alert" data-testid="remote-failed" data-remote={this.props.name}>
        <p className={styles.fallbackTitle}>页面加载失败</p>
        <p className={styles.fallbackText}>网络可能不太稳定，请稍后重试。</p>
        <button type="button" className={styles.retry} onClick={this.retry} disabled={this.state.retrying}>
          {this.state.retrying ? '正在重试…' : '重试'}
        </button>
      </div>
    );
  }
}

function Loading() {
  return (
    <div className={styles.loading} aria-busy="true" aria-live="polite">
      <span className={styles.spinner} />
      <span>加载中…</span>
    </div>
  );
}

/** A remote module already loaded for the first render (server render, hydration). */
export interface Preloaded {
  name: RemoteName;
  module: RemoteModule;
  /** Told once the remote's markup is adopted (hydration reaches inside the slot's Suspense boundary last). */
  onAdopted?: () => void;
}

/** Tells `onAdopted` once its children are committed. */
function Adopted({ onAdopted, children }: { onAdopted?: () => void; children: ReactNode }) {
  useEffect(() => onAdopted?.(), [onAdopted]);
  return children;
}

export const PreloadedRemote = createContext<Preloaded | null>(null);

/**
 * Mounts one remote's `./App`; each retry registers the remote again and creates a fresh lazy component.
 * A preloaded remote renders at once, inside the same boundaries, so server markup and hydration agree.
 */
export function RemoteSlot({ name }: { name: RemoteName }) {
  const store = useAppStore();
  const preloaded = useContext(PreloadedRemote);
  const [attempt, setAttempt] = useState(0);
  // React caches a rejected lazy component: a retry needs a new one.
  const RemoteApp = useMemo<ComponentType<RemoteProps>>(
    () => (attempt === 0 && preloaded?.name === name ? preloaded.module.default : lazy(() => loadRemoteApp(name))),
    [name, attempt, preloaded],
  );
  return (
    <RemoteBoundary
      key={`${name}-${attempt}`}
      name={name}
      onRetry={async () => {
        await refreshRemote(name, () =>
          queryData(store.dispatch(api.endpoints.remotePointer.initiate(undefined, { forceRefetch: true }))),
        );
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<Loading />}>
        <Adopted onAdopted={attempt === 0 && preloaded?.name === name ? preloaded.onAdopted : undefined}>
          <RemoteApp store={store} basename={REMOTE_BASE[name]} />
        </Adopted>
      </Suspense>
    </RemoteBoundary>
  );
}
