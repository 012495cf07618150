import { useEffect } from 'react';
import { FIRST_VIEW, FIRST_VIEW_WORK, ROUTE_TITLES, SCROLL_ANIMATION_MS } from '@site/shared-types';
import { animateScrollTo, defineRoute, read, useAdoptedFromServer, useRouteData } from '@site/platform';
import { ContactCard } from '../../common/contact-card';
import { LeadCallout } from '../../common/lead-callout';
import { Loading } from '../../common/page-states';
import page from '../../common/page.module.css';
import styles from './contact.module.css';

function ContactPage() {
  const loaded = useRouteData(contactRoute);
  const contact = loaded.contact.data;
  const about = loaded.about.data;
  // Server markup scrolled itself (the shell's first view); a page opened in the app scrolls once its data is there.
  const adopted = useAdoptedFromServer();
  useEffect(() => {
    if (!contact || adopted) return;
    const frame = requestAnimationFrame(
      () => void animateScrollTo(document.documentElement.scrollHeight - window.innerHeight, SCROLL_ANIMATION_MS),
    );
    return () => cancelAnimationFrame(frame);
  }, [contact, adopted]);
  if (!contact) return <Loading />;
  return (
    <main data-page="meus" {...{ [FIRST_VIEW.work]: FIRST_VIEW_WORK.scrollToEnd }}>
      {about ? (
        <section className={page.card}>
          <h2>{about.profile.title}</h2>
          {about.profile.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ) : null}
      <section className={page.card}>
        <h1>联系我们</h1>
        <p className={page.intro}>{contact.intro}</p>
        <ContactCard contact={contact} />
        {/* Above the QR code: where the page's scroll to the bottom ends, the floating back-to-top button sits. */}
        <div className={styles.cta}>
          <LeadCallout title="有项目需求？给我们留言" />
        </div>
        <figure className={styles.qr}>
          <img
            src={contact.wechat.img}
            alt={`${contact.wechat.name}微信二维码`}
            width={160}
            height={160}
            loading="lazy"
          />
          <figcaption>微信扫一扫，关注{contact.wechat.name}</figcaption>
        </figure>
      </section>
    </main>
  );
}

/**
 * `/move/us.html`: the company profile, the contact details and the call to the contact form; the page scrolls
 * itself to the bottom.
 */
export const contactRoute = defineRoute({
  name: 'meus',
  Page: ContactPage,
  load: () => ({ contact: read('contact'), about: read('about') }),
  head: () => ({ title: ROUTE_TITLES.meus ?? null }),
});
