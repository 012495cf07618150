import { FormChanges, sameValue } from './form-changes.js';

describe('sameValue', () => {
  it('should take texts, numbers and flags as they are', () => {
    expect(sameValue('案例', '案例')).toBe(true);
    expect(sameValue('案例', '案例 ')).toBe(false);
    expect(sameValue(2, 2)).toBe(true);
    expect(sameValue(2, '2')).toBe(false);
    expect(sameValue(true, false)).toBe(false);
  });

  it('should take an empty text, an empty list, null and a missing value as the same nothing', () => {
    for (const [a, b] of [
      ['', undefined],
      [null, ''],
      [[], undefined],
      [{ img: '' }, {}],
    ]) {
      expect(sameValue(a, b)).toBe(true);
    }
    expect(sameValue('', 0)).toBe(false);
    expect(sameValue(false, undefined)).toBe(false);
  });

  it('should compare lists entry by entry and groups field by field', () => {
    expect(sameValue(['/a.png', '/b.png'], ['/a.png', '/b.png'])).toBe(true);
    expect(sameValue(['/a.png', '/b.png'], ['/b.png', '/a.png'])).toBe(false);
    expect(sameValue(['/a.png'], ['/a.png', ''])).toBe(false);
    expect(sameValue({ title: '走进云帆', list: [{ id: 1 }] }, { list: [{ id: 1 }], title: '走进云帆' })).toBe(true);
    expect(sameValue({ title: '走进云帆' }, { title: '关于云帆' })).toBe(false);
  });
});

describe('FormChanges', () => {
  const loaded = { name: '麦田书屋', content: '<p>正文</p>', banner: ['/a.png'] };

  it('should see nothing before an edit, even where the form holds other values', () => {
    const changes = new FormChanges();
    changes.load(loaded);
    expect(changes.differs(() => '改过了')).toBe(false);
  });

  it('should see an edited field that differs from what was loaded, and not one taken back', () => {
    const changes = new FormChanges();
    changes.load(loaded);
    const form: Record<string, unknown> = { ...loaded, name: '麦田书屋改' };
    changes.edit({ name: '麦田书屋改' });
    expect(changes.differs((name) => form[name])).toBe(true);
    form.name = '麦田书屋';
    changes.edit({ name: '麦田书屋' });
    expect(changes.differs((name) => form[name])).toBe(false);
    form.banner = ['/a.png', '/b.png'];
    changes.edit({ banner: [undefined, '/b.png'] });
    expect(changes.differs((name) => form[name])).toBe(true);
  });

  it('should start again from the values loaded next', () => {
    const changes = new FormChanges();
    changes.load(loaded);
    changes.edit({ name: '另一个' });
    changes.load({ ...loaded, name: '另一个' });
    expect(changes.differs(() => '另一个')).toBe(false);
    changes.load(undefined);
    expect(changes.differs(() => '')).toBe(false);
  });
});
