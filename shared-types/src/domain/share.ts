export interface ShareRequest {
  url: string;
}

/** `POST /api/share`: what `wx.config` needs. */
export interface ShareData {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}
