import { Injectable, Logger } from '@nestjs/common';
import type { ShareData } from '@site/shared-types';
import { failure, invalid } from '../../core/api.exception.js';
import { WechatClient, WechatError } from './wechat.client.js';
import { createNonce, signJsapi, urlForSignature } from './wechat-signature.js';

/** The JS-SDK calls the mobile site uses for sharing (new and legacy names, for older WeChat versions). */
export const SHARE_JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'onMenuShareAppMessage',
  'onMenuShareTimeline',
];

@Injectable()
export class ShareService {
  private readonly logger = new Logger('Share');

  constructor(private readonly wechat: WechatClient) {}

  /** `POST /api/share`: signs the page address for `wx.config`. */
  async register(url: string): Promise<ShareData> {
    const pageUrl = urlForSignature(url);
    let parsed: URL;
    try {
      parsed = new URL(pageUrl);
    } catch {
      throw invalid('参数 url 必须是完整的网页地址');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw invalid('参数 url 必须是 http 或 https 网址');

    const appId = this.wechat.appId;
    if (!this.wechat.configured || appId === null) {
      throw failure('未配置微信公众号（WECHAT_APPID、WECHAT_SECRET），暂不能注册微信分享');
    }

    let ticket: string;
    try {
      ticket = await this.wechat.jsapiTicket();
    } catch (error) {
      if (!(error instanceof WechatError)) throw error;
      this.logger.warn(`WeChat signing unavailable: ${error.message}`);
      throw failure('微信分享签名暂不可用，请稍后再试');
    }

    const nonceStr = createNonce();
    const timestamp = Math.floor(Date.now() / 1000);
    return {
      appId,
      timestamp,
      nonceStr,
      signature: signJsapi({ ticket, nonceStr, timestamp, url: pageUrl }),
      jsApiList: SHARE_JS_API_LIST,
    };
  }
}
