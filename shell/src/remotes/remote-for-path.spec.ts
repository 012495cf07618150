import { remoteForPath } from './remote-for-path.js';

describe('remoteForPath', () => {
  it('should mount the admin remote on admin paths', () => {
    expect(remoteForPath('/admin')).toBe('mf_admin');
    expect(remoteForPath('/admin/index/case')).toBe('mf_admin');
  });

  it('should mount the mobile remote under /move/', () => {
    expect(remoteForPath('/move/')).toBe('mf_mobile');
    expect(remoteForPath('/move/details/3.html')).toBe('mf_mobile');
  });

  it('should mount the desktop remote everywhere else', () => {
    expect(remoteForPath('/')).toBe('mf_desktop');
    expect(remoteForPath('/items/3.html')).toBe('mf_desktop');
    expect(remoteForPath('/administration.html')).toBe('mf_desktop');
  });
});
