import {
  formatCreateTime,
  type CaseAdminRow,
  type CaseDetail,
  type CaseForm,
  type CaseFormInput,
  type CaseSummary,
  type ItemsData,
  type SuccessCase,
} from '@site/shared-types';
import { sanitizeRichText } from '../../core/rich-text.js';
import { pick } from '../../core/wire.js';
import { publishingFields } from '../editing/publishing.js';
import {
  CASE_COLUMNS,
  CASE_DETAIL_KEYS,
  CASE_FORM_KEYS,
  CASE_SUMMARY_KEYS,
  type CaseAdminListRow,
  type CaseDetailRow,
  type CaseFields,
  type CaseNeighbourRow,
  type CaseRow,
  type CaseSummaryRow,
  type MenuBannerRow,
  type MenuOfferingRow,
  type SuccessCaseRow,
} from './cases.queries.js';

// Rows of the cases module as the wire carries them (`@site/shared-types`), and forms as they are stored.

export function toCaseSummary(row: CaseSummaryRow): CaseSummary {
  return pick(row, CASE_SUMMARY_KEYS);
}

/** An absent neighbour (the case is first or last, or not in that list) is `null` with a `false` flag. */
export function toCaseDetail(row: CaseDetailRow, near: CaseNeighbourRow | undefined): CaseDetail {
  return {
    ...toCaseSummary(row),
    ...pick(row, CASE_DETAIL_KEYS),
    upId: near?.up_id ?? null,
    upname: near?.up_name ?? null,
    caseup: typeof near?.up_id === 'number',
    downId: near?.down_id ?? null,
    downname: near?.down_name ?? null,
    casedown: typeof near?.down_id === 'number',
  };
}

export function toSuccessCase(row: SuccessCaseRow): SuccessCase {
  return pick(row, ['id', 'img', 'name', 'scene']);
}

export function toItemsMenu(menu: MenuBannerRow, offerings: MenuOfferingRow[]): ItemsData['menu'] {
  return {
    title: menu.name,
    intro: menu.intro,
    background: menu.background,
    menulist: offerings.map((item) => pick(item, ['id', 'name', 'img', 'intro'])),
  };
}

export function toCaseAdminRow(row: CaseAdminListRow): CaseAdminRow {
  return {
    ...toCaseSummary(row),
    dict_name: row.dict_name,
    class_name: row.class_name,
    status: row.status,
    publish_at: row.publish_at,
    review: row.review,
  };
}

export function toCaseForm(row: CaseRow): CaseForm {
  return pick(row, CASE_FORM_KEYS);
}

/**
 * What a saved form stores: banner entries keep their `url` only, the body is sanitised, the date defaults to today;
 * SEO fields left out stay left out (see `CaseFields`); the state is checked (absent: published).
 */
export function toCaseFields(form: CaseFormInput, now = new Date()): CaseFields {
  const { id: _id, ...fields } = pick(form, CASE_COLUMNS);
  return {
    ...fields,
    banner: form.banner.map(({ url }) => ({ url })),
    content: sanitizeRichText(form.content),
    create_time: form.create_time ?? formatCreateTime(now),
    ...publishingFields(form, now),
  };
}
