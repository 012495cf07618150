import { isMobileUserAgent } from './device.js';

const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  wechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x18003231) NetType/WIFI Language/zh_CN',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15',
  symbian: 'Mozilla/5.0 (SymbianOS/9.4; Series60/5.0 NokiaN97-1/12.0.024) AppleWebKit/525 (KHTML, like Gecko)',
  windowsPhone: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0; ARM; Touch)',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  baiduspider: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
};

describe('isMobileUserAgent', () => {
  it.each([
    ['Android', UA.android],
    ['iPhone', UA.iphone],
    ['WeChat on iPhone', UA.wechat],
    ['iPad', UA.ipad],
    ['iPod', UA.ipod],
    ['SymbianOS', UA.symbian],
    ['Windows Phone', UA.windowsPhone],
  ])('should count %s as mobile', (_name, ua) => {
    expect(isMobileUserAgent(ua)).toBe(true);
  });

  it.each([
    ['Windows desktop', UA.windows],
    ['macOS Safari', UA.mac],
    ['Baiduspider', UA.baiduspider],
    ['an empty string', ''],
  ])('should count %s as desktop', (_name, ua) => {
    expect(isMobileUserAgent(ua)).toBe(false);
  });

  it('should treat a missing user agent as desktop', () => {
    expect(isMobileUserAgent(undefined)).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
  });

  it('should match the markers case-sensitively as docs/behaviour.md lists them', () => {
    expect(isMobileUserAgent('android-like bot')).toBe(false);
    expect(isMobileUserAgent('Windows  Phone')).toBe(false);
  });
});
