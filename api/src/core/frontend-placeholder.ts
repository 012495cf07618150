import type { NextFunction, Request, Response } from 'express';

const PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>云帆科技</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:'PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;background:#f4f7fb;color:#1f2d3d}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.6rem;color:#0b3d91}p{line-height:1.8;color:#55657a}code{background:#e8eef8;padding:.1rem .35rem;border-radius:4px}</style>
</head><body><main><h1>云帆科技</h1><p>服务已启动，网站前端正在接入中。</p><p>接口说明见 <a href="/api/docs">/api/docs</a>。</p></main></body></html>`;

/**
 * Until the shell and the remotes are served (front-end issues), page requests get a short placeholder
 * instead of the API's JSON 404. Only GET/HEAD outside `/api/` and `/uploads/`.
 */
export function frontendPlaceholder(req: Request, res: Response, next: NextFunction): void {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || /^\/(api|uploads)(\/|$)/.test(req.path)) {
    next();
    return;
  }
  res
    .status(req.path === '/' ? 200 : 404)
    .type('html')
    .setHeader('Cache-Control', 'no-cache')
    .send(PAGE);
}
