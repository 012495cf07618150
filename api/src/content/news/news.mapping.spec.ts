import { toNewsBrief, toNewsDetail, toNewsFields } from './news.mapping.js';

describe('toNewsBrief', () => {
  it('should split the date into year-month and day', () => {
    expect(toNewsBrief({ id: 1, title: 't', intro: 'i', create_time: '2025-03-09' })).toEqual({
      id: 1,
      title: 't',
      intro: 'i',
      create_time: '2025-03-09',
      month: '2025-03',
      day: '09',
    });
  });
});

describe('toNewsDetail', () => {
  const row = {
    id: 5,
    title: '标题',
    intro: '',
    img: '',
    create_time: '2025-03-09',
    dynamic_id: 1,
    content: '<p>x</p>',
    seo_title: '自定义标题',
    seo_keywords: '新闻,资讯',
    seo_description: '',
  };

  it('should answer the newer article as up and the older as down', () => {
    const detail = toNewsDetail({ ...row, up_id: 6, uptitle: '较新', down_id: 4, downtitle: '较旧' });
    expect(detail).toMatchObject({ upId: 6, uptitle: '较新', downId: 4, downtitle: '较旧' });
    expect(Object.keys(detail).slice(-5)).toEqual(['content', 'uptitle', 'downtitle', 'upId', 'downId']);
  });

  it('should carry the SEO fields for the page head', () => {
    expect(toNewsDetail({ ...row, up_id: null, uptitle: null, down_id: null, downtitle: null })).toMatchObject({
      seo_title: '自定义标题',
      seo_keywords: '新闻,资讯',
      seo_description: '',
    });
  });

  it('should answer null for a missing neighbour', () => {
    expect(toNewsDetail({ ...row, up_id: null, uptitle: null, down_id: null, downtitle: null })).toMatchObject({
      upId: null,
      uptitle: null,
      downId: null,
      downtitle: null,
    });
  });
});

describe('toNewsFields', () => {
  it('should sanitise the body and date an undated form today in UTC+8', () => {
    const fields = toNewsFields(
      { id: 3, title: 't', intro: '', img: '', content: '<p onclick="x()">a</p>', dynamic_id: 2 },
      new Date('2025-06-30T20:00:00Z'),
    );
    expect(fields).toEqual({
      title: 't',
      intro: '',
      img: '',
      content: '<p>a</p>',
      dynamic_id: 2,
      create_time: '2025-07-01',
      // No state sent: published, as every earlier caller meant.
      status: 'published',
      publish_at: null,
    });
    // SEO fields left out stay out: an update keeps the stored ones.
    expect(fields.seo_title).toBeUndefined();
  });
});
