import type { VitalsDevice, VitalsMetric, VitalsNavigation, VitalsPage, VitalsSummaryRow } from '@site/shared-types';
import { execute, query, type Sql } from '../../core/sql.js';

/** One measured metric of one page view, as stored (docs/behaviour.md#visitor-experience). */
export interface VitalRow {
  page: VitalsPage;
  device: VitalsDevice;
  navigation: VitalsNavigation;
  metric: VitalsMetric;
  value: number;
}

/** Writes the rows of many reports in one statement. */
export function insertVitals(db: Sql, rows: readonly VitalRow[]): Promise<number> {
  return execute(
    db,
    `INSERT INTO web_vital (page, device, navigation, metric, value)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[])`,
    [
      rows.map((row) => row.page),
      rows.map((row) => row.device),
      rows.map((row) => row.navigation),
      rows.map((row) => row.metric),
      rows.map((row) => row.value),
    ],
  );
}

/**
 * The 75th percentile of every metric per page and device over the last `days` days (continuous: between two
 * reports it is interpolated, as CrUX does not, but a handful of reports then still give a stable figure).
 */
export function vitalsP75(db: Sql, days: number): Promise<VitalsSummaryRow[]> {
  return query<VitalsSummaryRow>(
    db,
    `SELECT page, device, metric,
            percentile_cont(0.75) WITHIN GROUP (ORDER BY value)::float8 AS p75, count(*)::int AS count
       FROM web_vital
      WHERE created_at > now() - make_interval(days => $1)
      GROUP BY page, device, metric
      ORDER BY page, device, metric`,
    [days],
  );
}

/** Deletes the rows older than `days` days; answers how many. */
export function deleteOldVitals(db: Sql, days: number): Promise<number> {
  return execute(db, 'DELETE FROM web_vital WHERE created_at < now() - make_interval(days => $1)', [days]);
}
