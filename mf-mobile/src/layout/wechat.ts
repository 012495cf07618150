import { useEffect } from 'react';
import { analyticsScriptUrl, WECHAT_JS_SDK_URL, type ShareData } from '@site/shared-types';
import { publicApi, readSiteConfig, selectMeta, useAppDispatch, useAppSelector, useLocation } from '@site/platform';

interface WeChatSdk {
  config(options: ShareData & { debug: boolean }): void;
  ready(callback: () => void): void;
  error(callback: (reason: unknown) => void): void;
  updateAppMessageShareData(data: { title: string; desc: string; link: string; imgUrl: string }): void;
  updateTimelineShareData(data: { title: string; link: string; imgUrl: string }): void;
}

declare global {
  interface Window {
    wx?: WeChatSdk;
    _hmt?: unknown[][];
  }
}

const scripts = new Map<string, Promise<void>>();

/** Adds a third-party script once, asynchronously (never in the way of the first paint). */
function loadScript(src: string): Promise<void> {
  let loaded = scripts.get(src);
  if (!loaded) {
    loaded = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`could not load ${src}`));
      document.head.appendChild(script);
    });
    loaded.catch(() => scripts.delete(src));
    scripts.set(src, loaded);
  }
  return loaded;
}

/**
 * WeChat sharing (docs/behaviour.md#wechat-sharing): on every route change, when an official account is
 * configured, the page's address (without the fragment) is signed by `POST /api/share`, the JS-SDK is configured
 * with the answer, and the current page's title, description and picture become the share card. Any failure is
 * only logged.
 */
export function useShareRegistration(image: string | undefined): void {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const meta = useAppSelector(selectMeta);
  useEffect(() => {
    const site = readSiteConfig();
    if (!site.wechat) return;
    let current = true;
    // WeChat signs the address the page was opened at; the card links to the same page on the public origin.
    const address = window.location.href.split('#')[0]!;
    const origin = site.origin || window.location.origin;
    const link = origin + pathname + search;
    const register = async () => {
      const signature = await dispatch(publicApi.endpoints.share.initiate({ url: address })).unwrap();
      await loadScript(WECHAT_JS_SDK_URL);
      const wx = window.wx;
      if (!current || !wx) return;
      wx.config({ debug: false, ...signature });
      wx.error((reason) => console.info('[share] WeChat refused the configuration', reason));
      wx.ready(() => {
        const card = {
          title: document.title,
          link,
          imgUrl: image ? new URL(image, origin).href : '',
        };
        wx.updateAppMessageShareData({ ...card, desc: meta.description });
        wx.updateTimelineShareData(card);
      });
    };
    register().catch((error: unknown) => console.info('[share] registration failed', error));
    return () => {
      current = false;
    };
  }, [dispatch, pathname, search, image, meta.description]);
}

/** The statistics provider's script, when a site id is configured, and a page view per route change. */
export function useAnalytics(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const id = readSiteConfig().analyticsId;
    if (!id) return;
    window._hmt ??= [];
    window._hmt.push(['_trackPageview', pathname + search]);
    loadScript(analyticsScriptUrl(id)).catch((error: unknown) => console.info('[analytics]', error));
  }, [pathname, search]);
}
