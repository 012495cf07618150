import { describeDevice, UNKNOWN_DEVICE } from './device.js';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 · Windows 10',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Mobile Safari 17 · iOS 17.1',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133 · Mac OS 10.15',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.50',
      'WeChat 8 · Android 14',
    ],
  ])('should name the browser and the system of %s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });

  it('should name whichever half it knows', () => {
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Windows 10');
    expect(describeDevice('Opera/9.80')).toBe('Opera 9');
  });

  it('should say 未知设备 when it knows neither', () => {
    expect(describeDevice('')).toBe(UNKNOWN_DEVICE);
    expect(describeDevice('something odd')).toBe(UNKNOWN_DEVICE);
  });
});
