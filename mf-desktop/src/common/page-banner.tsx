import styles from './page-banner.module.css';
import { responsiveImage } from '@site/shared-types';

/**
 * The band under the navigation on inner pages. With a picture (a menu's banner, which carries its own
 * lettering) the picture is shown and the heading is there for readers and crawlers only; without one, a drawn
 * band with the heading and intro.
 */
export function PageBanner({ image, title, intro }: { image?: string; title: string; intro?: string }) {
  if (image) {
    return (
      <div className={styles.pictureBanner}>
        <img {...responsiveImage(image, '100vw')} alt="" width={1920} height={400} fetchPriority="high" />
        <h1 className={styles.visuallyHidden}>{title}</h1>
      </div>
    );
  }
  return (
    <div className={styles.banner}>
      <div className={styles.inner}>
        <h1>{title}</h1>
        {intro ? <p>{intro}</p> : null}
      </div>
    </div>
  );
}
