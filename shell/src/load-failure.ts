// Runs before the async boundary too (the first-view script shows it when the application's scripts fail): plain
// DOM, no shared module, no stylesheet of its own (its look is set through the CSSOM, which the page's
// Content-Security-Policy allows).

/** What the notice says, and what its buttons do (docs/behaviour.md "When the application does not load"). */
export const LOAD_FAILURE_TEXTS = {
  text: '部分功能暂未加载，浏览页面、打开链接和提交留言不受影响。',
  retry: '重试',
  retrying: '正在重试…',
  stillFailing: '仍未加载成功，请检查网络后重试。',
  close: '关闭提示',
} as const;

const ID = 'site-load-failure';

/** What 重试 on the notice up does. */
let retryNow: () => Promise<boolean> = () => Promise.resolve(false);

function styled<K extends keyof HTMLElementTagNameMap>(tag: K, css: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.style.cssText = css;
  return element;
}

/**
 * Says that a part of the application could not be fetched, evaluated or hydrated, over a server page that stays as
 * it was (its links and native forms work without the application). The notice can be closed; 重试 runs `retry`,
 * which answers whether the application is now there (the notice then goes) or not (it says so and offers 重试 again).
 * Shown once: a second failure while it is up only replaces what 重试 does.
 */
export function showLoadFailure(retry: () => Promise<boolean>): void {
  retryNow = retry;
  if (document.getElementById(ID)) return;
  const notice = styled(
    'div',
    'position:fixed;left:0;right:0;bottom:76px;z-index:2147483000;margin:0 auto;width:max-content;' +
      'display:flex;align-items:center;gap:12px;box-sizing:border-box;max-width:calc(100vw - 24px);' +
      'padding:10px 12px 10px 16px;border-radius:8px;background:#1f2937;color:#fff;' +
      'font:14px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;box-shadow:0 6px 24px rgba(0,0,0,.25)',
  );
  notice.id = ID;
  notice.setAttribute('role', 'alert');
  notice.dataset.testid = 'load-failed';

  const text = styled('span', 'flex:1 1 auto');
  text.textContent = LOAD_FAILURE_TEXTS.text;
  const again = styled(
    'button',
    'flex:none;min-height:36px;padding:0 16px;border:0;border-radius:18px;background:#1a66d6;color:#fff;' +
      'font:inherit;cursor:pointer',
  );
  again.type = 'button';
  again.textContent = LOAD_FAILURE_TEXTS.retry;
  const close = styled(
    'button',
    'flex:none;width:36px;height:36px;border:0;border-radius:18px;background:transparent;color:#cbd5e1;' +
      'font:20px/1 sans-serif;cursor:pointer',
  );
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', LOAD_FAILURE_TEXTS.close);

  again.addEventListener('click', () => {
    again.disabled = true;
    again.textContent = LOAD_FAILURE_TEXTS.retrying;
    void retryNow()
      .catch(() => false)
      .then((recovered) => {
        if (recovered) {
          notice.remove();
          return;
        }
        again.disabled = false;
        again.textContent = LOAD_FAILURE_TEXTS.retry;
        text.textContent = LOAD_FAILURE_TEXTS.stillFailing;
      });
  });
  close.addEventListener('click', () => notice.remove());
  notice.append(text, again, close);
  document.body.append(notice);
}

/** Takes the notice away (the application recovered by another way than its 重试). */
export function hideLoadFailure(): void {
  document.getElementById(ID)?.remove();
}
