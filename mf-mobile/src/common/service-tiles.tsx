import { Link } from '@site/platform';
import { HOME_LIMITS, responsiveImage, routePath, type ServiceCard } from '@site/shared-types';
import styles from './service-tiles.module.css';

/** The four service tiles of the home and services pages; each opens its service's case list. */
export function ServiceTiles({ services }: { services: ServiceCard[] }) {
  return (
    <ul className={styles.tiles} data-testid="service-tiles">
      {services.slice(0, HOME_LIMITS.services).map((service) => (
        <li key={service.id}>
          <Link to={routePath('mobile', 'meitems', service.id)}>
            <img {...responsiveImage(service.img, '40px')} alt="" width={40} height={40} loading="lazy" />
            <strong>{service.name}</strong>
            <span>{service.intro[0]}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
