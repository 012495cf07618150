import {
  formatCreateTime,
  SEO_FIELD_NAMES,
  splitCreateTime,
  type NewsAdminRow,
  type NewsBrief,
  type NewsDetail,
  type NewsForm,
  type NewsFormInput,
  type NewsSummary,
} from '@site/shared-types';
import { sanitizeRichText } from '../../core/rich-text.js';
import { pick } from '../../core/wire.js';
import { publishingFields } from '../editing/publishing.js';
import {
  NEWS_COLUMNS,
  NEWS_FORM_KEYS,
  NEWS_SUMMARY_KEYS,
  type NewsAdminListRow,
  type NewsBriefRow,
  type NewsDetailRow,
  type NewsFields,
  type NewsRow,
  type NewsSummaryRow,
} from './news.queries.js';

// Rows of the news module as the wire carries them (`@site/shared-types`), and forms as they are stored.

export function toNewsSummary(row: NewsSummaryRow): NewsSummary {
  return pick(row, NEWS_SUMMARY_KEYS);
}

export function toNewsDetail(row: NewsDetailRow): NewsDetail {
  return {
    ...toNewsSummary(row),
    ...pick(row, SEO_FIELD_NAMES),
    content: row.content,
    uptitle: row.uptitle,
    downtitle: row.downtitle,
    upId: row.up_id,
    downId: row.down_id,
  };
}

/** The home page's news item: the date also split into `yyyy-MM` (`month`) and `dd` (`day`). */
export function toNewsBrief(row: NewsBriefRow): NewsBrief {
  const { yearMonth, day } = splitCreateTime(row.create_time);
  return { ...pick(row, ['id', 'title', 'intro', 'create_time']), month: yearMonth, day };
}

export function toNewsAdminRow(row: NewsAdminListRow): NewsAdminRow {
  return {
    ...toNewsSummary(row),
    dynamic_name: row.dynamic_name,
    status: row.status,
    publish_at: row.publish_at,
    review: row.review,
  };
}

export function toNewsForm(row: NewsRow): NewsForm {
  return pick(row, NEWS_FORM_KEYS);
}

/**
 * What a saved form stores: the body is sanitised, the date defaults to today; SEO fields left out stay left out; the
 * state is checked (absent: published).
 */
export function toNewsFields(form: NewsFormInput, now = new Date()): NewsFields {
  const { id: _id, ...fields } = pick(form, NEWS_COLUMNS);
  return {
    ...fields,
    content: sanitizeRichText(form.content),
    create_time: form.create_time ?? formatCreateTime(now),
    ...publishingFields(form, now),
  };
}
