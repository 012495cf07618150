import { toNewMessage } from './messages.mapping.js';

describe('toNewMessage', () => {
  it('should store missing optional fields as empty text and cut the client details to their columns', () => {
    const stored = toNewMessage(
      { name: '张三', phone: '13800138000', content: '你好' },
      { ip: '1'.repeat(100), userAgent: 'u'.repeat(500) },
    );
    expect(stored).toMatchObject({ email: '', address: '', page: '' });
    expect(stored.ip).toHaveLength(64);
    expect(stored.userAgent).toHaveLength(300);
  });
});
