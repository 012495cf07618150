import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  formatCreateTime,
  MenuId,
  type AdminList,
  type AmendResult,
  type CaseAdminRow,
  type CaseForm,
  type MenuLink,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure, invalid } from '../../core/api.exception.js';
import { sanitizeRichText } from '../../core/rich-text.js';
import { CASE_SUMMARY_COLUMNS } from './case-sql.js';
import { CasesService } from './cases.service.js';

@Injectable()
export class CasesAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cases: CasesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Menus a case can be filed under: the top-level menus other than home, customer cases and about. */
  async serviceMenus(): Promise<MenuLink[]> {
    return (await this.db.query(
      'SELECT id, name FROM menu WHERE grade = 1 AND id <> ALL($1) ORDER BY pcsite ASC, id ASC',
      [[MenuId.Home, MenuId.Cases, MenuId.About]],
    )) as MenuLink[];
  }

  async list(filter: {
    menu?: number;
    classic?: number;
    page?: number;
    search?: string;
  }): Promise<AdminList<CaseAdminRow>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(filter.page, perPage);
    const where = `($1::int = 0 OR c.dict_id = $1) AND ($2::int = 0 OR c.class_id = $2)
      AND ($3::text = '' OR position(lower($3) in lower(c.name)) > 0)`;
    const params = [filter.menu ?? 0, filter.classic ?? 0, filter.search ?? ''];
    const data = (await this.db.query(
      `SELECT ${CASE_SUMMARY_COLUMNS}, m.name AS dict_name, k.name AS class_name
       FROM "case" c JOIN menu m ON m.id = c.dict_id JOIN case_class k ON k.id = c.class_id
       WHERE ${where} ORDER BY c.create_time DESC, c.id DESC LIMIT $4 OFFSET $5`,
      [...params, window.limit, window.offset],
    )) as CaseAdminRow[];
    const [count] = (await this.db.query(`SELECT count(*)::int AS n FROM "case" c WHERE ${where}`, params)) as {
      n: number;
    }[];
    return adminList(data, count!.n, window.page, perPage, await this.serviceMenus(), await this.cases.classes());
  }

  async get(id: number): Promise<CaseForm> {
    const [row] = (await this.db.query(
      `SELECT id, name, intro, scene, site, img, code_img, banner, top, dict_id, class_id, content, create_time
       FROM "case" WHERE id = $1`,
      [id],
    )) as CaseForm[];
    if (!row) throw failure('案例不存在或已删除');
    return row;
  }

  /** Creates (id 0) or updates a case; the rich text is sanitised first. */
  async save(form: CaseForm): Promise<AmendResult> {
    const services = await this.serviceMenus();
    if (!services.some((menu) => menu.id === form.dict_id)) throw invalid('请选择案例所属的服务栏目');
    const values = [
      form.name,
      form.intro,
      form.scene,
      form.site,
      form.img,
      form.code_img,
      JSON.stringify(form.banner.map(({ url }) => ({ url }))),
      form.top,
      form.dict_id,
      form.class_id,
      sanitizeRichText(form.content),
      form.create_time ?? formatCreateTime(new Date()),
    ];
    if (form.id === 0) {
      const [created] = (await this.db.query(
        `INSERT INTO "case" (name, intro, scene, site, img, code_img, banner, top, dict_id, class_id, content, create_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12) RETURNING id`,
        values,
      )) as { id: number }[];
      return { id: created!.id };
    }
    const updated = (await this.db.query(
      `UPDATE "case" SET name = $1, intro = $2, scene = $3, site = $4, img = $5, code_img = $6, banner = $7::jsonb,
         top = $8, dict_id = $9, class_id = $10, content = $11, create_time = $12, updated_at = now()
       WHERE id = $13 RETURNING id`,
      [...values, form.id],
    )) as [{ id: number }[], number];
    if (updated[1] === 0) throw failure('案例不存在或已删除');
    return { id: form.id };
  }

  async remove(id: number): Promise<void> {
    const result = (await this.db.query('DELETE FROM "case" WHERE id = $1 RETURNING id', [id])) as [unknown[], number];
    if (result[1] === 0) throw failure('案例不存在或已删除');
  }
}
