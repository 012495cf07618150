import { EMPTY_LEAD, LEAD_FIELDS, leadRequest, validateLead, type LeadDraft } from './lead.js';

const draft = (values: Partial<LeadDraft>): LeadDraft => ({ ...EMPTY_LEAD, ...values });
const GOOD = draft({ name: '陈女士', phone: '13800138000', content: '想做一个企业官网。' });

describe('validateLead', () => {
  it('should accept a complete lead, with or without the optional fields', () => {
    expect(validateLead(GOOD)).toEqual({});
    expect(validateLead({ ...GOOD, email: 'chen@example.com', address: '深圳市南山区' })).toEqual({});
    expect(validateLead({ ...GOOD, phone: '0755-86001234' })).toEqual({});
    expect(validateLead({ ...GOOD, phone: '+86 13800138000' })).toEqual({});
    expect(validateLead({ ...GOOD, phone: '400-000-0000' })).toEqual({});
  });

  it('should name every missing required field, in the forms order', () => {
    const errors = validateLead(draft({ name: '  ', email: '' }));
    expect(errors).toEqual({ name: '请填写姓名', phone: '请填写电话', content: '请填写留言内容' });
    expect(LEAD_FIELDS.filter((field) => errors[field])).toEqual(['name', 'phone', 'content']);
  });

  it('should refuse a wrong phone or e-mail and text beyond the limits', () => {
    expect(validateLead({ ...GOOD, phone: '12345', email: 'not-an-email' })).toEqual({
      phone: '请填写正确的手机号或固定电话',
      email: '请填写正确的邮箱地址',
    });
    expect(
      validateLead({ ...GOOD, name: '名'.repeat(31), address: '址'.repeat(201), content: '字'.repeat(1001) }),
    ).toEqual({ name: '姓名不能超过30个字', address: '地址不能超过200个字', content: '留言内容不能超过1000个字' });
    expect(validateLead({ ...GOOD, name: '名'.repeat(30), content: `  ${'字'.repeat(1000)}  ` })).toEqual({});
  });
});

describe('leadRequest', () => {
  it('should trim the fields, leave empty optional ones out and carry the page and the honeypot', () => {
    expect(leadRequest({ ...GOOD, name: ' 陈女士 ', email: ' ', address: '' }, '/about.html')).toEqual({
      name: '陈女士',
      phone: '13800138000',
      email: undefined,
      address: undefined,
      content: '想做一个企业官网。',
      page: '/about.html',
      website: undefined,
    });
    expect(leadRequest(GOOD, '/move/about.html', 'http://spam.example').website).toBe('http://spam.example');
  });
});
