import { toCaseDetail, toCaseFields, toCaseForm, toCaseSummary } from './cases.mapping.js';
import type { CaseRow } from './cases.queries.js';

const row: CaseRow = {
  id: 7,
  name: '云帆官网',
  intro: '简介',
  scene: '企业官网',
  site: 'https://example.com',
  img: '/uploads/a.png',
  code_img: '/uploads/qr.png',
  banner: [{ url: '/uploads/b.png' }],
  top: 1,
  dict_id: 3,
  class_id: 1,
  content: '<p>正文</p>',
  create_time: '2025-11-20',
  seo_title: '云帆官网案例｜品牌官网设计',
  seo_keywords: '品牌官网,网站设计',
  seo_description: '',
  status: 'published',
  publish_at: null,
};

describe('toCaseSummary', () => {
  it('should carry the list columns only, in the answer order', () => {
    expect(JSON.stringify(toCaseSummary(row))).toBe(
      '{"id":7,"name":"云帆官网","intro":"简介","scene":"企业官网","site":"https://example.com","img":"/uploads/a.png","top":1,"dict_id":3,"class_id":1,"create_time":"2025-11-20"}',
    );
  });
});

describe('toCaseDetail', () => {
  it('should name both neighbours and raise their flags', () => {
    const detail = toCaseDetail(row, { up_id: 6, up_name: '上一个', down_id: 8, down_name: '下一个' });
    expect(detail).toMatchObject({
      id: 7,
      content: '<p>正文</p>',
      banner: [{ url: '/uploads/b.png' }],
      upId: 6,
      upname: '上一个',
      caseup: true,
      downId: 8,
      downname: '下一个',
      casedown: true,
    });
  });

  it('should carry the SEO fields for the page head', () => {
    expect(toCaseDetail(row, undefined)).toMatchObject({
      seo_title: '云帆官网案例｜品牌官网设计',
      seo_keywords: '品牌官网,网站设计',
      seo_description: '',
    });
  });

  it('should answer null and false for a missing neighbour at either end', () => {
    const first = toCaseDetail(row, { up_id: null, up_name: null, down_id: 8, down_name: '下一个' });
    expect(first).toMatchObject({ upId: null, upname: null, caseup: false, downId: 8, casedown: true });
  });

  it('should answer no neighbours when the case is not in the list', () => {
    expect(toCaseDetail(row, undefined)).toMatchObject({
      upId: null,
      upname: null,
      caseup: false,
      downId: null,
      downname: null,
      casedown: false,
    });
  });

  it('should count id 0 as a neighbour', () => {
    expect(toCaseDetail(row, { up_id: 0, up_name: 'x', down_id: null, down_name: null }).caseup).toBe(true);
  });
});

describe('toCaseFields', () => {
  const form = toCaseForm(row);

  it('should keep only the url of banner entries and sanitise the body', () => {
    const fields = toCaseFields({
      ...form,
      banner: [{ url: '/uploads/c.png', extra: 1 } as { url: string }],
      content: '<p>a<script>alert(1)</script></p>',
    });
    expect(fields.banner).toEqual([{ url: '/uploads/c.png' }]);
    expect(fields.content).toBe('<p>a</p>');
    expect(fields).not.toHaveProperty('id');
  });

  it('should date a form without a date today in UTC+8', () => {
    const { create_time: _omitted, ...undated } = form;
    expect(toCaseFields(undated, new Date('2025-12-31T16:30:00Z')).create_time).toBe('2026-01-01');
    expect(toCaseFields(form).create_time).toBe('2025-11-20');
  });

  it('should keep the SEO fields it is given and leave out those it is not', () => {
    expect(toCaseFields(form)).toMatchObject({ seo_title: '云帆官网案例｜品牌官网设计', seo_description: '' });
    const { seo_title: _t, seo_keywords: _k, seo_description: _d, ...older } = form;
    const fields = toCaseFields(older);
    expect([fields.seo_title, fields.seo_keywords, fields.seo_description]).toEqual([undefined, undefined, undefined]);
  });
});
