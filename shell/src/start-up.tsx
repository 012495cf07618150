import { useEffect } from 'react';
import { decideStartupRedirect } from '@site/shared-types';
import {
  api,
  keywordsFailed,
  keywordsLoaded,
  navigateTo,
  registerNavigator,
  selectMeta,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useNavigate,
} from '@site/platform';

function setMetaTag(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** The redirect target for an address, or null (docs/behaviour.md#start-up-redirect). */
export function redirectFor(pathname: string, mobileHosts: readonly string[]): string | null {
  const target = decideStartupRedirect({
    host: window.location.host,
    path: pathname,
    userAgent: navigator.userAgent,
    mobileHosts,
  });
  return target && target !== pathname ? target : null;
}

/**
 * What the shell does around every page: fetch the keywords once (records fill the meta and the store; any
 * refusal falls back to the defaults silently), keep the meta tags in step, and apply the start-up redirect
 * again on in-app navigation (the first one happens before anything renders, see bootstrap).
 */
export function StartUp({ mobileHosts }: { mobileHosts: readonly string[] }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const meta = useAppSelector(selectMeta);

  useEffect(() => {
    registerNavigator((path, options) => void navigate(path, options));
    return () => registerNavigator(null);
  }, [navigate]);

  useEffect(() => {
    const request = dispatch(api.endpoints.keywords.initiate());
    request.unwrap().then(
      (records) => dispatch(keywordsLoaded(records)),
      () => dispatch(keywordsFailed()),
    );
    return () => request.unsubscribe();
  }, [dispatch]);

  useEffect(() => {
    setMetaTag('keywords', meta.keywords);
    setMetaTag('description', meta.description);
  }, [meta]);

  useEffect(() => {
    const target = redirectFor(pathname, mobileHosts);
    if (target) navigateTo(target, { replace: true });
  }, [pathname, mobileHosts]);

  return null;
}
