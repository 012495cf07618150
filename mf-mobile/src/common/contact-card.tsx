import type { ContactData } from '@site/shared-types';
import styles from './contact-card.module.css';

/** The company's address, phones and e-mail (each a tap target) and office hours. */
export function ContactCard({ contact }: { contact: ContactData }) {
  return (
    <address className={styles.contactCard} data-testid="contact-card">
      <strong>{contact.company}</strong>
      <span>地址：{contact.address}</span>
      {contact.phones.map((phone) => (
        <a key={phone} href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={styles.tapLine}>
          电话：{phone}
        </a>
      ))}
      <a href={`mailto:${contact.email}`} className={styles.tapLine}>
        邮箱：{contact.email}
      </a>
      <span>时间：{contact.workTime}</span>
    </address>
  );
}
