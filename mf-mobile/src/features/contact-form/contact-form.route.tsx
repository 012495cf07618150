import { LEAD_TEXTS, ROUTE_TITLES } from '@site/shared-types';
import { defineRoute, island, read, useRouteData } from '@site/platform';
import { ContactCard } from '../../common/contact-card';
import page from '../../common/page.module.css';

/** The form, as an island (docs/decisions.md "Islands"): sent by the browser itself until its code comes. */
const LeadForm = island('lead-form', () => import('./lead-form'));

/** The contact form page: its introduction, the form (`lead-form.tsx`) and the contact details. */
function ContactFormPage() {
  const contact = useRouteData(contactFormRoute).contact.data;
  return (
    <main data-page="meabout" className={page.article}>
      <h1>{LEAD_TEXTS.title}</h1>
      <p className={page.intro}>{contact?.intro ?? LEAD_TEXTS.intro}</p>
      <LeadForm />
      {contact ? <ContactCard contact={contact} /> : null}
    </main>
  );
}

/** `/move/about.html`: the contact form, then the contact details. */
export const contactFormRoute = defineRoute({
  name: 'meabout',
  Page: ContactFormPage,
  load: () => ({ contact: read('contact') }),
  head: () => ({ title: ROUTE_TITLES.meabout ?? null }),
});
