import { BACK_TO_TOP_THRESHOLD_PX, footerMenuRoute, MenuId, menuRoute, routePath } from '@site/shared-types';
import { BackToTop, Link, publicApi } from '@site/platform';
import styles from './footer.module.css';

/** The desktop contact form: on the about page's contact section (docs/behaviour.md#about-page). */
const CONTACT_FORM_LINK = `${routePath('desktop', 'about')}#message`;

/** Go-to-top: shown once the page is scrolled more than 1000 px, scrolls to the top over 800 ms. */
function GoTop() {
  return (
    <BackToTop
      threshold={BACK_TO_TOP_THRESHOLD_PX.desktop}
      className={styles.goTop}
      shownClassName={styles.goTopShown}
      label="回到顶部"
      testId="go-top"
    />
  );
}

/**
 * The footer (docs/behaviour.md#footer): about-us links (the first goes to menu 7, the others by column_id, id 1
 * has no link), contact entries, friendly links (new tab, nofollow), the QR block, the copyright line with the
 * ICP filing link, the filing marks (but one that repeats the ICP number), and the go-to-top button. 在线留言 under
 * the contact entries leads to the contact form. The chat links (`qq`) sit under the contact entries.
 */
export function Footer() {
  const footer = publicApi.useFooterQuery().data;
  if (!footer) return <footer className={styles.footer} />;
  const { information } = footer;
  // The ICP number is already printed (and linked) after the copyright: a mark that only repeats it is left out.
  const icp = information.link.name.trim();
  const marks = information.mark.imgs.filter((mark) => !icp || mark.content.trim() !== icp);
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <nav aria-label="关于我们" className={styles.abouts}>
          <h2>关于我们</h2>
          {footer.abouts.map((about, index) => {
            const to = index === 0 ? menuRoute(MenuId.About) : footerMenuRoute(about.column_id);
            return to ? (
              <Link key={about.id} to={to}>
                {about.name}
              </Link>
            ) : (
              <span key={about.id}>{about.name}</span>
            );
          })}
        </nav>
        <div className={styles.contact}>
          <h2>联系我们</h2>
          {footer.contact.map((entry) => (
            <p key={entry.id}>
              <img src={entry.img} alt="" width={20} height={20} loading="lazy" />
              <span>{entry.content}</span>
            </p>
          ))}
          <p>
            <Link className={styles.message} to={CONTACT_FORM_LINK} data-testid="footer-message">
              在线留言<span aria-hidden="true">→</span>
            </Link>
          </p>
          {footer.qq.length > 0 ? (
            <p className={styles.chat} data-testid="chat-links">
              在线客服：
              {footer.qq.map((chat) => (
                <a key={chat.id} href={chat.site} target="_blank" rel="nofollow noopener noreferrer">
                  {chat.name}
                </a>
              ))}
            </p>
          ) : null}
        </div>
        <nav aria-label="友情链接" className={styles.links}>
          <h2>友情链接</h2>
          <div>
            {footer.link.map((link) => (
              <a key={link.id} href={link.site} target="_blank" rel="nofollow noopener noreferrer">
                {link.name}
              </a>
            ))}
          </div>
        </nav>
        <figure className={styles.qr}>
          <img src={footer.wechat.img} alt="微信公众号二维码" width={120} height={120} loading="lazy" />
          <figcaption>
            <span>{footer.wechat.p1}</span>
            <span>{footer.wechat.p2}</span>
          </figcaption>
        </figure>
      </div>
      <div className={styles.bottom}>
        <p>
          {information.Copyright}{' '}
          <a href={information.link.site} target="_blank" rel="nofollow noopener noreferrer">
            {information.link.name}
          </a>
        </p>
        <p className={styles.marks} data-testid="filing-marks">
          {marks.map((mark) => (
            <span key={mark.content}>
              <img src={mark.img} alt="" width={20} height={20} loading="lazy" />
              {mark.content}
            </span>
          ))}
          {information.mark.mak ? <span>{information.mark.mak}</span> : null}
        </p>
      </div>
      <GoTop />
    </footer>
  );
}
