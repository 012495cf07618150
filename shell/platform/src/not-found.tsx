import styles from './not-found.module.css';

/** The not-found picture: a lost paper boat under a cloud (drawn here, no image request). */
function LostPicture() {
  return (
    <svg className={styles.picture} viewBox="0 0 320 200" role="img" aria-label="页面走丢了">
      <defs>
        <linearGradient id="nf-sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e8f1ff" />
          <stop offset="1" stopColor="#d2e3fc" />
        </linearGradient>
        <linearGradient id="nf-sail" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f7cf6" />
          <stop offset="1" stopColor="#13b5b1" />
        </linearGradient>
      </defs>
      <rect x="0" y="130" width="320" height="70" rx="12" fill="url(#nf-sea)" />
      <path
        d="M20 150c20-8 40-8 60 0s40 8 60 0 40-8 60 0 40 8 60 0 40-8 40-8"
        fill="none"
        stroke="#9fc0f5"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M120 140h90l-14 18h-62z" fill="#0b3d91" />
      <path d="M163 62c22 20 34 46 36 74h-36z" fill="url(#nf-sail)" />
      <path d="M158 80c-12 18-22 36-28 56h28z" fill="#7fb0f7" />
      <g fill="#fff" stroke="#c7d7f5" strokeWidth="2">
        <path d="M222 52a14 14 0 0 1 26-8 12 12 0 0 1 20 10 10 10 0 0 1-2 20h-42a11 11 0 0 1-2-22z" />
        <path d="M46 42a12 12 0 0 1 22-6 10 10 0 0 1 17 8 8 8 0 0 1-2 16H49a9 9 0 0 1-3-18z" />
      </g>
      <text x="160" y="40" textAnchor="middle" fontSize="34" fontWeight="700" fill="#c7d7f5">
        404
      </text>
    </svg>
  );
}

/** The not-found page every remote shows for an unknown route (docs/behaviour.md#unknown-addresses). */
export function NotFound({ homePath = '/' }: { homePath?: string }) {
  return (
    <main className={styles.page} data-testid="not-found">
      <LostPicture />
      <h1 className={styles.title}>抱歉，您访问的页面不存在</h1>
      <p className={styles.advice}>请检查网址是否输入正确，或稍后刷新重试；也可以返回首页继续浏览。</p>
      <div className={styles.actions}>
        <a className={styles.primary} href={homePath}>
          返回首页
        </a>
        <a className={styles.secondary} href="">
          刷新重试
        </a>
      </div>
    </main>
  );
}
